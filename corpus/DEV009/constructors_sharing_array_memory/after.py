"""Legacy typed constructors of an existing array share its memory: normalising the tensor in place
also normalises the array, and a later write to the array shows in the tensor. `torch.tensor` would
copy, so these become `torch.as_tensor` (an array from `np.asarray`, one bound before the call); only a
value nothing else holds (a list, `np.arange(...)`) becomes `torch.tensor`.
"""

import numpy as np
import torch


def normalise(observations):
    obs = torch.as_tensor(np.asarray(observations), dtype=torch.float32)
    obs.sub_(obs.mean(0)).div_(obs.std(0) + 1e-6)
    return obs


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    head = torch.nn.Sequential(torch.nn.Linear(3, 256), torch.nn.Tanh(), torch.nn.Linear(256, 2)).to(device)
    observations = np.random.RandomState(0).randn(4, 3).astype(np.float32)
    obs = normalise(observations)
    # The caller reads the array after the tensor was changed in place (it changed too).
    spread = torch.from_numpy(observations.std(0))
    weights = np.ones(4, dtype=np.float32)
    scale = torch.as_tensor(weights, dtype=torch.float32)
    weights[0] = 3.0  # a write after the call: the tensor is still the array
    order = torch.tensor(np.arange(4), dtype=torch.int64)
    order[0] = 3  # a write to the tensor: nothing else held its array
    with torch.no_grad():
        return {
            "out": head(obs.to(device)),
            "weighted": (obs.sum(1) * scale)[order],
            "spread": spread,
        }
