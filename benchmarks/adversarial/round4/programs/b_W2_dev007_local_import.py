# EMU
import torch
import torch.nn as nn
def main():
    model = nn.Linear(2, 1).cuda()
    from torch import device
    print(next(model.parameters()).device, device)
main()
