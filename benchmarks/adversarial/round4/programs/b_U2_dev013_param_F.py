import torch
import torch.nn.functional as F
class L:
    @staticmethod
    def mse_loss(a, b, size_average=True, reduce=True):
        d = (a - b) ** 2
        return d.mean() if size_average else d.sum()
def run(F=L):
    return F.mse_loss(torch.ones(2), torch.zeros(2), size_average=False).item()
print(run())
