import torch
xs = [torch.zeros(2, 3, 4), torch.zeros(5, 6)]
ts = [torch.FloatTensor(s[1:]) for s in [x.size() for x in xs]]
print([t.shape for t in ts])
