# source: nikolaosdionelis/MachineLearningML (residualflows/GPU94.py: a pinned-memory smoke test)
# verdict: hit: SGD is built over the parameters on the CPU, then `model.to("cuda")`; the move is
#   plain, so the construction goes below it (DEV007's business is the literal "cuda").
import torch
import torch.nn as nn
import torchvision.models as models

model = models.resnet18()
criterion = nn.CrossEntropyLoss()

loader = []

model.to("cuda")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)  # expect DEV005

for data, target in loader:
    data = data.to("cuda", non_blocking=True)
    target = target.to("cuda", non_blocking=True)
    optimizer.zero_grad()
    loss = criterion(model(data), target)
    loss.backward()
    optimizer.step()
