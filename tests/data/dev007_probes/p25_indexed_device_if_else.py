# source: vivekmyers/vmgp (GPU 0 or the CPU, picked by an if/else)
# verdict: look-alike.
import torch

if torch.cuda.is_available():
    device = torch.device("cuda:0")
else:
    device = torch.device("cpu:0")
