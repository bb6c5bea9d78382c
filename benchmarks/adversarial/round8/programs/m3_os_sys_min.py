import os
import types
import torch
import torch.nn.functional as F

os.sys.modules[__name__].F = types.SimpleNamespace(sigmoid=torch.relu)
print(F.sigmoid(torch.tensor([-1.0, 2.0])))
