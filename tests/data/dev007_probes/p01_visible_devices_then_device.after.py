# source: jia-zhuang/pytorch-multi-gpu-training (GPUs picked before torch is imported, then a fixed device)
# verdict: hit. `torch.device("cuda")` makes `.to(device)` raise without a GPU.
import os

os.environ["CUDA_VISIBLE_DEVICES"] = "0,1"

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")  # expect DEV007
net = nn.Linear(8, 2).to(device)
net = nn.DataParallel(net)
loader = DataLoader(TensorDataset(torch.randn(32, 8), torch.randint(0, 2, (32,))), batch_size=8)
for x, y in loader:
    x, y = x.to(device), y.to(device)
    loss = nn.functional.cross_entropy(net(x), y)
    loss.backward()
