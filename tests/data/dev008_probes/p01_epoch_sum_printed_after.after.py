# source: UsaidMalik/DL-Mini-Project train.py (a loss summed per batch, printed once per epoch)
# verdict: hit; the sum can stay on the device and be read once after the batch loop.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(10, 3).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
trainloader = [(torch.randn(4, 10), torch.randint(0, 3, (4,))) for _ in range(5)]

for epoch in range(3):
    model.train()
    running_loss = 0.0
    for images, labels in trainloader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.detach().double()  # expect DEV008
    running_loss = float(running_loss)
    print(f"Epoch {epoch + 1}/3, Loss: {running_loss / len(trainloader):.4f}")
