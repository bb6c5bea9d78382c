import torch
xs = [torch.zeros(2, 3, 4)]
for name, s in zip(["a"], [x.size() for x in xs]):
    print(name, torch.FloatTensor(s[1:]).shape)
