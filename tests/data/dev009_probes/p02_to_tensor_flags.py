# source: 1873177187/HEDRL-IM HEDRL-IM/IM/Mod_Utils.py (a helper hands both flags to Variable)
# verdict: hit, report only: `volatile=` and `requires_grad=` are both parameters of the helper.
import numpy as np
import torch
from torch.autograd import Variable  # expect DEV009


def to_tensor(array, volatile=False, requires_grad=False):
    return Variable(torch.from_numpy(array).float(), volatile=volatile, requires_grad=requires_grad)  # expect DEV009


def q_values(net, state):
    out = net(to_tensor(np.asarray(state, dtype=np.float32), volatile=True))  # expect DEV009
    return out.data.numpy()
