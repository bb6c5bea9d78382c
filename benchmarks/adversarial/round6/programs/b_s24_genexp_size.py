import torch
xs = [torch.zeros(2, 3, 4)]
print([t.shape for t in (torch.FloatTensor(s[1:]) for s in (x.size() for x in xs))])
