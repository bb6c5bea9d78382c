"""A data loader's collate function copied from PyTorch 0.3: a map of NumPy dtype names to legacy
tensor types for NumPy scalars, `torch.LongTensor(batch)` under `elif isinstance(batch[0], int):`, and
noise wrapped in a `Variable` only when the input's type is `type(Variable())`.

The map becomes one of dtypes and its call `torch.tensor(values, dtype=...)`; the tested batch is
data, `torch.as_tensor(batch, dtype=torch.int64)`; `type(Variable())` is `torch.Tensor`.
"""

import numpy as np
import torch
from torch.autograd import Variable

numpy_type_map = {
    "float64": torch.DoubleTensor,
    "float32": torch.FloatTensor,
    "int64": torch.LongTensor,
    "int32": torch.IntTensor,
    "int16": torch.ShortTensor,
    "int8": torch.CharTensor,
    "uint8": torch.ByteTensor,
}


def collate(batch):
    elem = batch[0]
    if type(elem).__module__ == "numpy" and elem.shape == ():
        py_type = float if elem.dtype.name.startswith("float") else int
        return numpy_type_map[elem.dtype.name](list(map(py_type, batch)))
    elif isinstance(batch[0], int):
        return torch.LongTensor(batch)
    elif isinstance(batch[0], float):
        return torch.DoubleTensor(batch)
    return torch.stack(batch, 0)


def add_noise(x, generator):
    noise = torch.rand(x.size(), generator=generator) * 0.01
    if type(x) == type(Variable()):
        return x + noise
    return x


def run():
    generator = torch.Generator().manual_seed(3)
    scalars = collate([np.float32(0.5), np.float32(1.5)])
    counts = collate([np.int16(2), np.int16(7)])
    ids = collate([3, 1, 4])
    weights = collate([0.25, 0.75])
    rows = collate([torch.ones(2), torch.zeros(2)])
    return {
        "scalars": scalars,
        "counts": counts,
        "ids": ids,
        "weights": weights,
        "noisy": add_noise(rows, generator),
    }
