# source: search excerpt without a repository name (a `model_to_device(model, device: str = "cuda",
#   multi_gpu=True)` helper; two copies of it came back in one search)
# verdict: look-alike: the "cuda" default is corrected before use: a CPU request or a machine
#   without CUDA returns the model on the CPU first.
import torch
import torch.nn as nn


def model_to_device(model: nn.Module, device: str = "cuda", multi_gpu: bool = True, device_ids=None):
    cuda_is_available = torch.cuda.is_available()
    if device == "cpu":
        return model.to("cpu")
    if not cuda_is_available:
        return model.to("cpu")
    if not multi_gpu:
        return model.to(device)
    return nn.DataParallel(model, device_ids=device_ids).to(device)
