# source: memray/seq2seq-keyphrase-pytorch pykp/dataloader.py (PyTorch 0.3's collate, copied)
# verdict: the map of NumPy dtype names to legacy types is only looked up and called on a list:
#   its values become dtypes and the call `torch.tensor(..., dtype=...)` (unsafe: another module may
#   read the map); the int branch is the tested-collate reading (p65).
import re

import torch

numpy_type_map = {
    'float64': torch.DoubleTensor,
    'float32': torch.FloatTensor,
    'float16': torch.HalfTensor,
    'int64': torch.LongTensor,
    'int32': torch.IntTensor,
    'int16': torch.ShortTensor,
    'int8': torch.CharTensor,
    'uint8': torch.ByteTensor,
}


def collate_numbers(batch):
    elem = batch[0]
    if type(elem).__module__ == 'numpy':
        if re.search('[SaUO]', elem.dtype.str) is not None:
            raise TypeError(elem.dtype)
        if elem.shape == ():
            py_type = float if elem.dtype.name.startswith('float') else int
            return numpy_type_map[elem.dtype.name](list(map(py_type, batch)))  # expect DEV009
        return torch.stack([torch.from_numpy(b) for b in batch], 0)
    elif isinstance(batch[0], int):
        return torch.LongTensor(batch)  # expect DEV009
    return batch
