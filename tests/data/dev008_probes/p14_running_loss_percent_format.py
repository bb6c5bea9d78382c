# source: devastate347/ASLtranslator datasetAI/modelTraining.py (a script-level loop printing every 200 batches)
# verdict: hit; the sum can stay on the device and be read where the loop prints it.
import torch
import torch.nn as nn
import torch.optim as optim

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Flatten(), nn.Linear(64, 26)).to(device)
train_loader = [(torch.randn(2, 8, 8), torch.randint(0, 26, (2,))) for _ in range(400)]
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=0.001)

for epoch in range(2):
    running_loss = 0.0
    for i, data in enumerate(train_loader, 0):
        inputs, labels = data[0].to(device), data[1].to(device)
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()  # expect DEV008
        if i % 200 == 199:
            print("[%d, %5d] loss: %.3f" % (epoch + 1, i + 1, running_loss / 200))
            running_loss = 0.0
