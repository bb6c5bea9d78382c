# source: BridgesLabCMU/Biofilm-Phenotype-Landscape (src/single_proc/model/utils.py)
# verdict: look-alike: the count of GPUs decides; none means the CPU.
import os

import torch

gpu_count = torch.cuda.device_count()
if gpu_count > 1:
    local_rank = int(os.environ["LOCAL_RANK"])
    rank = int(os.environ["RANK"])
    torch.cuda.set_device(rank)
    device = rank
elif gpu_count == 1:
    device = "cuda"
else:
    device = "cpu"
print(f"Using {device}")
