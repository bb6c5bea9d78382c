import torch
import torch.nn.functional as F
x = torch.zeros(1)
match 1:
    case 1:
        y = F.sigmoid(x)
print(y.item())
