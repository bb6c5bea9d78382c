import torch
import torch.nn.functional as F
if __name__ == "__main__":
    from main import *
    torch.manual_seed(0)
    print(F.tanh(torch.randn(3)))
