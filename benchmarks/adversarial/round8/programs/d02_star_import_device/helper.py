import torch

device = torch.device("cpu")
