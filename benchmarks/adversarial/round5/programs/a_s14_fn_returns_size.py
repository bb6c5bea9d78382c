import torch
def dims_of(x):
    return x.size()
d = dims_of(torch.zeros(2, 3, 4))
t = torch.FloatTensor(d[1:])
print(t.shape)
