import torch
import torch.nn.functional as nnf
for nnf.sigmoid in [lambda x: torch.clamp(x * 0.25 + 0.5, 0, 1)]:
    pass
