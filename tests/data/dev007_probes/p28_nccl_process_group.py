# source: sunnweiwei/ckgc (distributed set-up: NCCL process group, one GPU per rank)
# verdict: look-alike. NCCL runs only on GPUs, so the function cannot run without one whatever
# `set_device` does: a guard around it would never be false (session 35; it was reported before).
import torch


def dist_init():
    torch.distributed.init_process_group(backend="nccl")
    local_rank = torch.distributed.get_rank()
    torch.cuda.set_device(local_rank)
