# source: kheuer/xai_proj_m (cuda.py; the variant that starts from "cuda" and falls back when asked)
# verdict: look-alike: the CUDA default is replaced by the CPU right after, where there is no GPU.
import torch

device = "cuda"
if not torch.cuda.is_available():
    print("WARNING! cuda is unavailable.")
    device = "cpu"

weights = torch.zeros(4, device=device)
