# source: TesfayZ/CCM_MADRL_MEC s100lre4e3CCM_MADRL_MEC/utils.py (aliases made inside a helper, fed .tolist())
# verdict: hit: the aliases, the calls on a fresh list, the import.
import numpy as np
import torch as th


def to_var(x, use_cuda=True, kind="float"):
    if kind == "long":
        x = np.array(x, dtype=np.int64).tolist()
        return th.tensor(x, dtype=th.int64, device="cuda" if use_cuda else "cpu")
    x = np.array(x, dtype=np.float64).tolist()
    return th.tensor(x, dtype=th.float32, device="cuda" if use_cuda else "cpu")
