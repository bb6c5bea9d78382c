# source: chenzhaomin123/Menu utility.py (the module defines its own `Variable` that moves data to the GPU)
# verdict: hit inside the wrapper (its extra arguments may carry `volatile=`: report only); calls of
#   the file's own `Variable` are not torch's and stay; the list constructor is data.
import torch
import torch.autograd as autograd

USE_CUDA = torch.cuda.is_available()


def Variable(data, *args, **kwargs):
    if USE_CUDA:
        data = data.cuda()
    return autograd.Variable(data, *args, **kwargs)


def one_batch(word_ids):
    return Variable(torch.tensor([word_ids], dtype=torch.int64))
