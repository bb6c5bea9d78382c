# source: sunnweiwei/ckgc (distributed set-up: NCCL process group, one GPU per rank)
# verdict: hit: `set_device` raises without a GPU (NCCL needs one too; only the call is reported).
import torch


def dist_init():
    torch.distributed.init_process_group(backend="nccl")
    local_rank = torch.distributed.get_rank()
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)  # expect DEV007
