# EMU
import sys
import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
this = sys.modules
def configure(overrides):
    for k, v in overrides.items():
        setattr(this[__name__], k, v)
configure({"device": "cpu"})
model = nn.Linear(3, 1).cuda()
x = torch.randn(2, 3).cuda()
print(model(x).device)
