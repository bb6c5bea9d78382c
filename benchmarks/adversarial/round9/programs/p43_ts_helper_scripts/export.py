import torch

def build(module):
    return torch.jit.script(module)
