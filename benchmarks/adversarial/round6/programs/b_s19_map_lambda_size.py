import torch
xs = [torch.zeros(2, 3, 4)]
ts = list(map(lambda s: torch.FloatTensor(s[1:]), [x.size() for x in xs]))
print(ts[0].shape)
