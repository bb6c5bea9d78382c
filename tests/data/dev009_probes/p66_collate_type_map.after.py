# source: memray/seq2seq-keyphrase-pytorch pykp/dataloader.py (PyTorch 0.3's collate, copied)
# verdict: the map of NumPy dtype names to legacy types is only looked up and called on a list:
#   its values become dtypes and the call `torch.tensor(..., dtype=...)` (unsafe: another module may
#   read the map); the int branch is the tested-collate reading (p65).
import re

import torch

numpy_type_map = {
    'float64': torch.float64,
    'float32': torch.float32,
    'float16': torch.float16,
    'int64': torch.int64,
    'int32': torch.int32,
    'int16': torch.int16,
    'int8': torch.int8,
    'uint8': torch.uint8,
}


def collate_numbers(batch):
    elem = batch[0]
    if type(elem).__module__ == 'numpy':
        if re.search('[SaUO]', elem.dtype.str) is not None:
            raise TypeError(elem.dtype)
        if elem.shape == ():
            py_type = float if elem.dtype.name.startswith('float') else int
            return torch.tensor(list(map(py_type, batch)), dtype=numpy_type_map[elem.dtype.name])
        return torch.stack([torch.from_numpy(b) for b in batch], 0)
    elif isinstance(batch[0], int):
        return torch.as_tensor(batch, dtype=torch.int64)
    return batch
