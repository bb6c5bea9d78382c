# source: okunator/cellseg_models.pytorch cellseg_models_pytorch/models/cppnet/sampling.py (pixel grid for sampling)
# verdict: hit, missed (a factory computed, then moved: not followed yet): two ranges are stacked, expanded and moved to the distances' device; the code never
# shows which argument is a tensor, so no device is taken on trust.
import torch
import torch.nn as nn


class RaySampling(nn.Module):
    def forward(self, feature_map, dist):
        b, _, h, w = feature_map.shape
        xs = torch.arange(w).view(1, -1).expand(h, -1)  # expect DEV003 (known miss)
        ys = torch.arange(h).view(-1, 1).expand(-1, w)  # expect DEV003 (known miss)
        grid = torch.stack([xs, ys], dim=0).float()
        grid = grid.unsqueeze(0).expand(b, -1, -1, -1).to(dist.device)
        return dist.unsqueeze(2) + grid.unsqueeze(1)
