# EMU
import argparse
import torch
import torch.nn as nn
torch.manual_seed(0)
parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_true")
parser.add_argument("--hidden", type=int, default=16)
args = parser.parse_args(["--cuda"])
opt = args
def sanity(o):
    if o.hidden > 8:
        o.cuda = False
h0 = torch.zeros(1, args.hidden)
sanity(opt)
if args.cuda:
    h0 = h0.cuda()
print(h0.device)
