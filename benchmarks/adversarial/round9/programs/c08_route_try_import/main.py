import torch
import torch.nn.functional as F
try:
    import helper
    helper.install()
except ImportError:
    pass

torch.manual_seed(0)
x = torch.randn(3)
print(F.sigmoid(x))
