import torch
xs = {"a": torch.zeros(2, 3, 4)}
shapes = {k: v.shape for k, v in xs.items()}
print({k: torch.FloatTensor(s[1:]).shape for k, s in shapes.items()})
