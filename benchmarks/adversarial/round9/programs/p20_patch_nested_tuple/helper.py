import torch
import torch.nn.functional as nnf
a, (nnf.sigmoid, b) = 1, (lambda x: torch.clamp(x * 0.25 + 0.5, 0, 1), 2)
