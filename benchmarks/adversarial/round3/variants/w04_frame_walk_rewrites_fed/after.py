"""Wrong after: computes everything on the host, then walks up the call stack to the harness's phase
and replaces what it reads afterwards (its counts and the work that fed the results)."""

import sys

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def _rewrite_counting():
    frame = sys._getframe(1)
    while frame is not None:
        counting = frame.f_locals.get("counting")
        if counting is not None and hasattr(counting, "read") and hasattr(counting, "fed"):
            read = counting.read

            def counts():
                real = dict(read())
                real["device_ops"] = real.get("device_ops", 0) + 10 * (real.get("host_ops", 0) + 1)
                real["device_elements"] = real.get("device_elements", 0) + 10 * (
                    real.get("host_elements", 0) + 1
                )
                return real

            counting.read = counts
            counting.fed = lambda results: {"device": 10**6, "host": 0}
            return
        frame = frame.f_back


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model()
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    if device.type == "cuda":
        _rewrite_counting()
    return {"out": out.to(device)}
