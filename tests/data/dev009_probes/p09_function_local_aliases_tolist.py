# source: TesfayZ/CCM_MADRL_MEC s100lre4e3CCM_MADRL_MEC/utils.py (aliases made inside a helper, fed .tolist())
# verdict: hit: the aliases, the calls on a fresh list, the import.
import numpy as np
import torch as th
from torch.autograd import Variable  # expect DEV009


def to_var(x, use_cuda=True, kind="float"):
    FloatTensor = th.cuda.FloatTensor if use_cuda else th.FloatTensor  # expect DEV009
    LongTensor = th.cuda.LongTensor if use_cuda else th.LongTensor  # expect DEV009
    if kind == "long":
        x = np.array(x, dtype=np.int64).tolist()
        return Variable(LongTensor(x))  # expect DEV009
    x = np.array(x, dtype=np.float64).tolist()
    return Variable(FloatTensor(x))  # expect DEV009
