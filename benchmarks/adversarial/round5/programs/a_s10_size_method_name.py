import torch
x = torch.zeros(2, 3, 4)
sz = x.size
t = torch.FloatTensor(sz()[1:])
print(t.shape)
