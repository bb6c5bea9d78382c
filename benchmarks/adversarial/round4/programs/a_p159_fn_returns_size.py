import torch

def dims(x):
    s = x.size()
    return s[1:]

t = torch.FloatTensor(dims(torch.zeros(2, 3, 4)))
print(t.shape)
