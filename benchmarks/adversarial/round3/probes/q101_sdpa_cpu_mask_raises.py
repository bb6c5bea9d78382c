"""SDPA with a CPU mask on GPU inputs raises

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.functional.scaled_dot_product_attention.html; https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: nn.functional with device masks
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

q = torch.ones(1, 2, 4, device='cuda')
m = torch.ones(2, 2, dtype=torch.bool)
r = attempt(lambda: torch.nn.functional.scaled_dot_product_attention(q, q, q, attn_mask=m))
print('RESULT:', r)
