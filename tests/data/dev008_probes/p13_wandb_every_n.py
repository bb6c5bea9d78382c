# source: brando90/ultimate-utils tutorials_for_myself/my_wandb.py (the loss logged every log_interval batches)
# verdict: look-alike; a logging branch taken every N steps is left alone.
import torch
import torch.nn.functional as F
import wandb

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = torch.nn.Linear(5, 2).to(device)
optimizer = torch.optim.Adam(model.parameters())
train_loader = [(torch.randn(3, 5), torch.randint(0, 2, (3,))) for _ in range(20)]
log_interval = 10
for batch_idx, (data, target) in enumerate(train_loader):
    data, target = data.to(device), target.to(device)
    optimizer.zero_grad()
    loss = F.cross_entropy(model(data), target)
    loss.backward()
    optimizer.step()
    if batch_idx % log_interval == 0:
        wandb.log({"loss": loss})
