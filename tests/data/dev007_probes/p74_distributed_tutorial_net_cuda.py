# source: fsong666/nn (torch_tutorials/distributed.py: the TCP-initialised half of a DDP tutorial)
# verdict: hit on `net.cuda()` (P7: a `.cuda()` with no guard); the NCCL backend needs GPUs anyway,
#   so no fix is judged.
import argparse

import torch
import torch.distributed as dist
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--rank", default=0)
parser.add_argument("--world_size", default=2)
parser.add_argument("--init_method", default="tcp://127.0.0.1:23456")
args = parser.parse_args()

dist.init_process_group(backend="nccl", init_method=args.init_method, rank=args.rank, world_size=args.world_size)
net = nn.Linear(10, 10)
net = net.cuda()  # expect DEV007
net = nn.parallel.DistributedDataParallel(net)
