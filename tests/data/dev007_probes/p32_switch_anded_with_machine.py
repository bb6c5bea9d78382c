# source: minhnhatnoe/BallPunchAIModel (settings module; the on-switch variant seen in the same search)
# verdict: look-alike: `USE_CUDA = True` is only a wish, combined with the machine's answer.
import torch

USE_CUDA = True
CUDA_ENABLED = USE_CUDA and torch.cuda.is_available()
if not CUDA_ENABLED:
    print("CUDA not used!")
DEVICE = torch.device("cuda" if CUDA_ENABLED else "cpu")
