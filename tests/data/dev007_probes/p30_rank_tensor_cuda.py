# source: OrangeBai/APCT (NCCL smoke test: set the rank's GPU, then a tensor on it)
# verdict: hit once: `.cuda()` is a placement a portable device lets go. `set_device` needs no guard
# where the module joins NCCL, which runs only on GPUs (session 35; it was reported before).
import argparse

import torch
import torch.distributed as dist

parse = argparse.ArgumentParser()
parse.add_argument("--rank", type=int)
parse.add_argument("--ws", type=int)
args = parse.parse_args()

dist.init_process_group("nccl", init_method="env://", rank=args.rank, world_size=args.ws)
rank = dist.get_rank()
torch.cuda.set_device(rank)
tensor = torch.tensor([1, 2, 3, 4]).cuda()  # expect DEV007
print(tensor)
