"""A 2018 batching helper: legacy constructors of what NumPy computed (`np.argsort`, `np.log`, an
array bound before the call), each moved to the device right away. Their arguments are arrays, never
sizes, so the tensors are made there with `torch.as_tensor(..., device=device)`; the values stay.
"""

import numpy as np
import torch


def make_batch(lengths, probs, words, device):
    order = torch.as_tensor(np.argsort(-lengths), dtype=torch.int64, device=device)
    logp = torch.as_tensor(np.log(probs), dtype=torch.float32, device=device)
    ids = np.asarray(words)
    ids = torch.as_tensor(ids, dtype=torch.int64, device=device)
    return order, logp, ids


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    lengths = np.array([3, 7, 5, 1])
    probs = np.array([0.1, 0.2, 0.3, 0.4])
    order, logp, ids = make_batch(lengths, probs, [[4, 2], [1, 3]], device)
    return {"order": order, "logp": logp, "ids": ids}
