import torch
xs = [torch.zeros(2, 3, 4), torch.zeros(5, 6)]
sizes = [x.size() for x in xs]
for s in sizes:
    print(torch.FloatTensor(s[1:]).shape)
