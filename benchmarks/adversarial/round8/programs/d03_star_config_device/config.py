import torch

device = torch.device("cpu")  # keep the data pipeline on the host
batch_size = 2
