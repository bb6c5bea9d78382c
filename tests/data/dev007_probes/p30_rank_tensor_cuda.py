# source: OrangeBai/APCT (NCCL smoke test: set the rank's GPU, then a tensor on it)
# verdict: hit twice: `set_device` and `.cuda()` raise without a GPU.
import argparse

import torch
import torch.distributed as dist

parse = argparse.ArgumentParser()
parse.add_argument("--rank", type=int)
parse.add_argument("--ws", type=int)
args = parse.parse_args()

dist.init_process_group("nccl", init_method="env://", rank=args.rank, world_size=args.ws)
rank = dist.get_rank()
torch.cuda.set_device(rank)  # expect DEV007
tensor = torch.tensor([1, 2, 3, 4]).cuda()  # expect DEV007
print(tensor)
