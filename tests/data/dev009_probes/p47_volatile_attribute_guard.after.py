# source: unnamed file of the code index (gradient-norm hooks registered unless the input is volatile)
# verdict: hit: `input.volatile` of a tensor is always False since 0.4 (the hook now always goes on);
#   the parameter is not shown to be a tensor, so it is only reported.
import torch


def norm_grad(input, max_norm):
    if not input.volatile:
        def norm_hook(grad):
            n = grad.size(0)
            norm = grad.view(n, -1).norm(p=2, dim=1) + 1e-6
            scale = (norm / max_norm).clamp(min=1).view([n] + [1] * (grad.dim() - 1))
            return grad / scale

        input.register_hook(norm_hook)
