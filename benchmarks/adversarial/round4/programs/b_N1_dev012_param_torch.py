import torch
import torch.nn.functional as F
torch.manual_seed(0)
def act(x, torch=None):
    return F.sigmoid(x)
print(act(torch.zeros(2)).tolist())
