# source: 1873177187/HEDRL-IM HEDRL-IM/IM/Mod_Utils.py (a helper hands both flags to Variable)
# verdict: hit, report only: `volatile=` and `requires_grad=` are both parameters of the helper.
import numpy as np
import torch
from torch.autograd import Variable


def to_tensor(array, volatile=False, requires_grad=False):
    return Variable(torch.from_numpy(array).float(), volatile=volatile, requires_grad=requires_grad)


def q_values(net, state):
    with torch.no_grad():
        out = net(to_tensor(np.asarray(state, dtype=np.float32), volatile=True))
    return out.data.numpy()
