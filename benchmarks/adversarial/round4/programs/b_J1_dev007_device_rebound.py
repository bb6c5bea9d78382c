# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
device = torch.device("cpu")
model = nn.Linear(3, 1).cuda()
x = torch.randn(4, 3).cuda()
print(model(x).device, x.device)
