# source: search excerpt without a repository name (a `set_cuda(opts)` helper of a distributed
#   vision-language trainer)
# verdict: look-alike: it returns the CPU first when the machine has no CUDA.
import torch
import torch.distributed as dist


def set_cuda(opts):
    if not torch.cuda.is_available():
        assert opts.local_rank == -1, opts.local_rank
        return True, 0, torch.device("cpu")
    if opts.local_rank == -1:
        return True, torch.cuda.device_count(), torch.device("cuda")
    torch.cuda.set_device(opts.local_rank)
    device = torch.device("cuda", opts.local_rank)
    dist.init_process_group(backend="nccl")
    return dist.get_rank() == 0, 1, device
