# source: search excerpt without a repository name (USE_MPS / USE_CUDA switches, each asking the machine)
# verdict: look-alike: the CUDA switch is off, and the CUDA branch asks the machine anyway.
import torch

USE_MPS = True
USE_CUDA = False

if USE_MPS:
    if torch.backends.mps.is_available():
        device = torch.device("mps")
    else:
        device = "cpu"
elif USE_CUDA:
    if torch.cuda.is_available():
        device = torch.device("cuda")
    else:
        device = "cpu"
else:
    device = "cpu"
