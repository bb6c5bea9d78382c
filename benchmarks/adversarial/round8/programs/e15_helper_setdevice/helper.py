import torch


def use_second_gpu():
    torch.cuda.set_device(1)
