"""Forged before: correct code that snapshots the model by pickling it (as multiprocessing or a cache
does). On a GPU the copy's parameters come back on the GPU; under the emulation they come back on the
CPU, and the copy meets the device batch with a genuine mismatch. A device rule's dead line makes the
rule apply."""

import os
import pickle

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    snapshot = pickle.loads(pickle.dumps(model))
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV001 applies to this file
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = snapshot(x)
    return {"out": out}
