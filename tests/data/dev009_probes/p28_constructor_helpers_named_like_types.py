# source: unnamed file of the code index (helpers named after the legacy types, picking CUDA by the machine)
# verdict: hit on the legacy constructors inside; calls of the helpers are the file's own functions.
import torch

USE_CUDA = torch.cuda.is_available()


def FloatTensor(x, device=0):
    if USE_CUDA:
        return torch.cuda.FloatTensor(x).to(device)  # expect DEV009
    else:
        return torch.FloatTensor(x)  # expect DEV009


def rewards_of(episode):
    return FloatTensor([step.reward for step in episode])
