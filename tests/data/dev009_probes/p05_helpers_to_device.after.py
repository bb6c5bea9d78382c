# source: kirmel4/AorticCenterlineGeneration aaa/utils/torch.py (two helpers wrap a typed constructor and move it)
# verdict: hit on each; `data` may be a list, an array or a tensor, so the constructors are reported.
import torch


def torch_long(data, device):
    return torch.LongTensor(data).to(device)


def torch_float(data, device):
    return torch.as_tensor(data, dtype=torch.float32).detach().requires_grad_().to(device)
