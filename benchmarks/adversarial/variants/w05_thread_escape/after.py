"""WRONG: the work runs in another thread, where the emulated GPU (a per-thread mode) sees nothing;
the result is copied to the device at the end."""

import threading

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    box = {}

    def work():
        model = make_model()
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
        box["out"] = model(x)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    return {"out": box["out"].to(device)}
