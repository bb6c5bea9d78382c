# source: CHENHUI-X/Informer2020 utils/masking.py (mask classes copied across many time-series repos)
# verdict: hit, twice: `torch.triu` of fresh ones is `.triu()` of them, the same on any device; the
# second is moved before its `.triu(1)`, already made where it goes but for the ones.
import torch


class TriangularCausalMask:
    def __init__(self, B, L, device="cpu"):
        shape = [B, 1, L, L]
        with torch.no_grad():
            self._mask = torch.triu(torch.ones(shape, dtype=torch.bool), diagonal=1).to(device)  # expect DEV010

    @property
    def mask(self):
        return self._mask


class ProbMask:
    def __init__(self, B, H, L, index, scores, device="cpu"):
        upper = torch.ones(L, scores.shape[-1], dtype=torch.bool).to(device).triu(1)  # expect DEV010
        expanded = upper[None, None, :].expand(B, H, L, scores.shape[-1])
        picked = expanded[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], index, :]
        self._mask = picked.view(scores.shape).to(device)

    @property
    def mask(self):
        return self._mask
