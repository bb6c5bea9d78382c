# source: Impossibum/rlgym_quickstart_tutorial_bot (cuda_test.py makes a `torch.cuda.FloatTensor()`
#   outright); the variant that makes CUDA tensors the default for the whole program
# verdict: hit: every tensor made after the call is a CUDA one.
import torch

torch.set_default_tensor_type(torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor)  # expect DEV007
weights = torch.zeros(3)
