# source: bodiman/embedding_compression (train.py: loss and optimizer first, the device after)
# verdict: hit: the optimizer is built over the parameters while they are on the CPU; the move of the
#   model a few lines below is plain, so the construction goes below it.
import torch
import torch.nn as nn
import torch.optim as optim

model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
criterion = nn.CrossEntropyLoss()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device)

model.to(device)
optimizer = optim.Adam(model.parameters(), lr=0.001)  # expect DEV005

for epoch in range(10):
    model.train()
    for inputs, targets in []:
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
