# source: awentzonline/tartangan (device stored on the parsed options with setattr)
# verdict: look-alike.
import torch


def set_device_from_args(args):
    if torch.cuda.is_available() and not args.no_cuda:
        device = "cuda"
    else:
        device = "cpu"
    setattr(args, "device", device)
