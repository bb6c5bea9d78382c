import torch
class S:
    pass
s = S()
x = torch.zeros(2, 3, 4)
s.dims = x.size()
t = torch.FloatTensor(s.dims[1:])
print(t.shape)
