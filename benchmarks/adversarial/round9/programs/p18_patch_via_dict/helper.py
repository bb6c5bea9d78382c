import torch
import torch.nn.functional as nnf
nnf.__dict__["sigmoid"] = lambda x: torch.clamp(x * 0.25 + 0.5, 0, 1)
