# EMU
import torch
import torch.nn as nn
def main():
    model = nn.Linear(2, 1).cuda()
    if (device := 3) > 2:
        print(next(model.parameters()).device)
main()
