"""A test harness that picks its GPUs from its configuration when it starts, then `.cuda()`s.

`initialization()` sets CUDA_VISIBLE_DEVICES before anything touches CUDA, which is the only way
that setting takes effect. A portable `device = torch.device("cuda" if torch.cuda.is_available()
else "cpu")` added after the imports would ask CUDA at import time, before that line runs, and the
configured GPUs would be silently ignored. So each move asks where it runs, after the choice.
"""

import os

import torch
import torch.nn as nn


class Tester:
    def __init__(self, visible_devices):
        self.visible_devices = visible_devices

    def initialization(self):
        os.environ["CUDA_VISIBLE_DEVICES"] = self.visible_devices
        torch.manual_seed(0)
        self.model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 2))
        self.model = self.model.to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))

    def extract(self, batches):
        features = []
        for batch in batches:
            features.append(self.model(batch.to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))))
        return torch.cat(features)


def run():
    previous = os.environ.get("CUDA_VISIBLE_DEVICES")
    tester = Tester(previous if previous is not None else "0")
    try:
        tester.initialization()
        host = torch.Generator().manual_seed(1)
        return {"features": tester.extract([torch.randn(4, 6, generator=host) for _ in range(3)])}
    finally:
        if previous is None:
            os.environ.pop("CUDA_VISIBLE_DEVICES", None)
        else:
            os.environ["CUDA_VISIBLE_DEVICES"] = previous
