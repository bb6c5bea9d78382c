# source: AdidasSuperstar/detr (the PyTorch docs' `--disable-cuda` idiom, device kept on args)
# verdict: look-alike.
import argparse

import torch
import torch.nn as nn

parser = argparse.ArgumentParser(description="PyTorch Example")
parser.add_argument("--disable-cuda", action="store_true", help="Disable CUDA")
args = parser.parse_args()
args.device = None
if not args.disable_cuda and torch.cuda.is_available():
    args.device = torch.device("cuda")
else:
    args.device = torch.device("cpu")

x = torch.empty((8, 42), device=args.device)
net = nn.Linear(42, 1).to(device=args.device)
