import torch
import torch.nn as nn
from torch.nn import init
def setup(w):
    init = type("I", (), {"xavier_uniform": staticmethod(lambda t: "mine")})
    return init.xavier_uniform(w)
print(setup(torch.empty(2, 2)))
