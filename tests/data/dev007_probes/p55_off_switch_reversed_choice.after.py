# source: kenshohara/3D-ResNets-PyTorch (main.py: the device picked from `--no_cuda`, written with the
#   CPU first)
# verdict: hit: the GPU unless the user passes --no_cuda, on every machine.
import argparse

import torch
import torch.backends.cudnn as cudnn

parser = argparse.ArgumentParser()
parser.add_argument("--no_cuda", action="store_true", help="If true, cuda is not used.")
opt = parser.parse_args()
opt.device = torch.device("cpu" if opt.no_cuda or not torch.cuda.is_available() else "cuda")  # expect DEV007
if not opt.no_cuda:
    cudnn.benchmark = True
