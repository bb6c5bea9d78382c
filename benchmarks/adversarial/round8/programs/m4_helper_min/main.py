import torch
import torch.nn.functional as F
import helper

helper.install()
print(F.sigmoid(torch.tensor([-1.0, 2.0])))
