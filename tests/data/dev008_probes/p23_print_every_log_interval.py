# source: LeeJeongWoon-Workout/Deep_Learning PyTorch_Practice/Optimization_Training/train.py (print every N batches)
# verdict: look-alike; the loss is read only in a branch taken every log_interval batches.
import torch
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = torch.nn.Sequential(torch.nn.Linear(20, 10), torch.nn.LogSoftmax(dim=1)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
train_loader = [(torch.randn(2, 20), torch.randint(0, 10, (2,))) for _ in range(300)]
log_interval = 100
for epoch in range(1, 2):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % log_interval == 0:
            print("Train Epoch: {} [{}]\tLoss: {:.6f}".format(epoch, batch_idx, loss.item()))
