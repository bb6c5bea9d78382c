"""WRONG: returns garbage, but finds the harness's request in a caller's frame, writes a report and
results of its own (computed correctly on the CPU) and leaves with os._exit(0) before the harness
writes the true ones."""

import json
import os
import sys

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def _request():
    frame = sys._getframe(1)
    while frame is not None:
        request = frame.f_locals.get("request")
        if isinstance(request, dict) and "out" in request:
            return request
        frame = frame.f_back
    return None


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    request = _request()
    if request is None:
        return {"out": torch.zeros(64, 4)}  # what the user gets
    with torch._C.DisableTorchFunction():
        out = make_model()(torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()).detach()
    torch.save({"out": out}, request["out"] + ".pt")
    counts = {"host_to_device": 4, "device_to_host": 0, "device_to_device": 0, "syncs": 0, "float64_ops": 0,
              "host_ops": 0, "device_ops": 10, "host_elements": 0, "device_elements": 5000,
              "device_random": 0, "mismatches": 0, "random_sites": []}
    on_device = ["out"] if device.type == "cuda" else []
    report = {"phase": request["phase"], "ok": True, "counts": counts if device.type == "cuda" else None,
              "on_device": on_device, "seconds": 0.01}
    with open(request["out"] + ".json", "w") as handle:
        json.dump(report, handle)
    os._exit(0)
