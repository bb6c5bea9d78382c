# source: search excerpt without a repository name (a `setup_device(config)` of a DDP trainer)
# verdict: look-alike: without the switch or without CUDA it settles on the CPU and returns.
import torch
import torch.distributed as dist


def setup_device(config):
    if not config.gpu or not torch.cuda.is_available():
        config.device = torch.device("cpu")
        config.distributed = False
        return
    if config.local_rank > -1 or torch.cuda.device_count() == 1:
        config.distributed = False
    else:
        dist.init_process_group(backend="nccl")
        config.distributed = True
    config.device = torch.device("cuda", max(config.local_rank, 0))
    torch.cuda.set_device(config.device)
