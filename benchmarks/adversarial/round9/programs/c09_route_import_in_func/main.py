import torch
import torch.nn.functional as F

def setup():
    import helper
    helper.install()

setup()
torch.manual_seed(0)
x = torch.randn(3)
print(F.sigmoid(x))
