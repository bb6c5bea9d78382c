# source: search excerpt without a repository name (a `clear_cuda_cache()` utility beside the seeds)
# verdict: look-alike: `torch.cuda.empty_cache()` does nothing where CUDA was never initialised.
import gc

import torch


def clear_cuda_cache():
    gc.collect()
    torch.cuda.empty_cache()
