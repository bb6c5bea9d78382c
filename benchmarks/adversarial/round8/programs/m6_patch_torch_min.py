import torch
import torch.nn.functional as F

torch.sigmoid = torch.relu
print(F.sigmoid(torch.tensor([-1.0, 2.0])))
