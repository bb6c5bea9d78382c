# source: zsh2401/serina (config: CPU first, upgraded when CUDA or MPS answers)
# verdict: look-alike.
import torch.cuda

device = "cpu"
if torch.cuda.is_available():
    device = "cuda"
elif torch.backends.mps.is_available():
    device = "mps"
