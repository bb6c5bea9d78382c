# source: ryanxingql/pythonutils (deep_learning helpers: NCCL init with a rank that defaults to 0)
# verdict: hit: `set_device` raises without a GPU.
import torch
import torch.distributed as dist
import torch.multiprocessing as tmp


def init_dist(local_rank=0, backend="nccl"):
    tmp.set_start_method("spawn")
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)  # expect DEV007
    dist.init_process_group(backend=backend)
