"""Wrong after: computes on the host, then finds the emulated GPU through the garbage collector and
makes it report the work as device work."""

import gc

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model()
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x).to(device)
    if device.type == "cuda":
        for obj in gc.get_objects():
            # Only the class's own attributes: a lazy loader (ctypes.cdll) answers any name.
            try:
                if "fed" not in vars(type(obj)) or "counters" not in vars(obj):
                    continue
            except TypeError:  # no __dict__
                continue
            counters = obj.counters
            counters.device_ops += 100 * (counters.host_ops + 1)
            counters.device_elements += 100 * (counters.host_elements + 1)
            for node in list(vars(obj).get("_nodes", {}).values()):
                node.device = True  # every operation that fed a result now "ran on the GPU"
    return {"out": out}
