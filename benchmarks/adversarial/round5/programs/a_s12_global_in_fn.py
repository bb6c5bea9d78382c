import torch
dims = None
def setup():
    global dims
    dims = torch.zeros(2, 3, 4).shape
def make():
    return torch.FloatTensor(dims[1:])
setup()
print(make().shape)
