# source: chenzhaomin123/Menu (a Variable wrapper that moves data under a config switch)
# verdict: look-alike: the switch decides (it comes from the project's config).
import torch.autograd as autograd

from config import USE_CUDA


def Variable(data, *args, **kwargs):
    if USE_CUDA:
        data = data.cuda()
    return autograd.Variable(data, *args, **kwargs)
