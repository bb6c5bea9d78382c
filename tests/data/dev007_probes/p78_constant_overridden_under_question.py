# source: dandan-levy10/mlx-4-transfer-learning (utils.py)
# verdict: look-alike: the CUDA constant is set only under `if torch.cuda.is_available():`.
import torch

DEVICE = "mps" if torch.backends.mps.is_available() else "cpu"
if torch.cuda.is_available():
    DEVICE = "cuda"
