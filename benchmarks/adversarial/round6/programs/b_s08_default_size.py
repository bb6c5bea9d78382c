import torch
x = torch.zeros(2, 3, 4)
def make(d=x.size()):
    return torch.FloatTensor(d[1:])
print(make().shape)
