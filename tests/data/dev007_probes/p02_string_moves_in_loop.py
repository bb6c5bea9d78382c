# source: nikolaosdionelis/MachineLearningML (model and batches moved with the literal "cuda")
# verdict: hit, three placements; each raises without a GPU.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Sequential(nn.Flatten(), nn.Linear(12, 3))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
loader = DataLoader(TensorDataset(torch.randn(20, 3, 4), torch.randint(0, 3, (20,))), pin_memory=True)

model.to("cuda")  # expect DEV007

for data, target in loader:
    data = data.to("cuda", non_blocking=True)  # expect DEV007
    target = target.to("cuda", non_blocking=True)  # expect DEV007
    optimizer.zero_grad()
    loss = criterion(model(data), target)
    loss.backward()
    optimizer.step()
