import torch
import torch.nn.functional as F
class Acts:
    @staticmethod
    def sigmoid(x):
        return x * 0 + 7
def go(x):
    F = Acts
    return F.sigmoid(x)
print(go(torch.zeros(1)).item())
