# source: AlexandreBeaulne/ift6135 (src/utils.py: the float type picked by asking the machine)
# verdict: look-alike: the CUDA type is taken only where CUDA is available.
import torch

if torch.cuda.is_available():
    FloatTensor = torch.cuda.FloatTensor
else:
    FloatTensor = torch.FloatTensor


def ones(n):
    return FloatTensor(n).fill_(1)
