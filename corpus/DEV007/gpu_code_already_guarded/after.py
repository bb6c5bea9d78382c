"""GPU code that can only run with a GPU: after `assert torch.cuda.is_available()`, in a helper the
file calls only under an availability test, and behind a switch stuck on whose every use asks the
machine again. A machine without a GPU never reaches any of it: nothing to fix.
"""

import torch
import torch.nn as nn


def init_gpu(rank):
    assert torch.cuda.is_available(), "this path requires CUDA"
    torch.cuda.set_device(rank % torch.cuda.device_count())


def gpu_tensor(x):
    return x.cuda()


def build(values):
    net = nn.Linear(3, 2)
    use_gpu = True
    if use_gpu:
        if torch.cuda.is_available():
            net = net.cuda()
    use_cuda = torch.cuda.is_available()
    if use_cuda:
        init_gpu(0)
        x = gpu_tensor(torch.tensor(values))
    else:
        x = torch.tensor(values)
    return net, x


def run():
    torch.manual_seed(0)
    net, x = build([[1.0, 2.0, 3.0]])
    return {"out": net(x).detach().cpu()}
