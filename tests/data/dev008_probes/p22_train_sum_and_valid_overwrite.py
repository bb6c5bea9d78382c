# source: pristinawang/table_qa GRPO/temp3.py (a train loss sum; a validation loss assigned each batch)
# verdict: hit twice; the train sum can stay on the device, the validation number is reported only.
import numpy as np
import torch
import torch.nn as nn

model = nn.Linear(7, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
trainloader = [(torch.randn(4, 7), torch.randn(4, 1)) for _ in range(5)]
validloader = [(torch.randn(4, 7), torch.randn(4, 1)) for _ in range(2)]
if torch.cuda.is_available():
    model = model.cuda()
min_valid_loss = np.inf
for e in range(3):
    train_loss = 0.0
    model.train()
    for data, labels in trainloader:
        if torch.cuda.is_available():
            data, labels = data.cuda(), labels.cuda()
        optimizer.zero_grad()
        target = model(data)
        loss = criterion(target, labels)
        loss.backward()
        optimizer.step()
        train_loss += loss.item()  # expect DEV008
    valid_loss = 0.0
    model.eval()
    for data, labels in validloader:
        if torch.cuda.is_available():
            data, labels = data.cuda(), labels.cuda()
        target = model(data)
        loss = criterion(target, labels)
        valid_loss = loss.item() * data.size(0)  # expect DEV008
    print(f"Epoch {e + 1} Training Loss: {train_loss / len(trainloader)} Validation Loss: {valid_loss / len(validloader)}")
    if min_valid_loss > valid_loss:
        min_valid_loss = valid_loss
        torch.save(model.state_dict(), "saved_model.pth")
