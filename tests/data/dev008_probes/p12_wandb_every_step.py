# source: wildermuthn/nba-lineups model/train.py (the loss logged to wandb on every batch)
# verdict: hit; report only: the logger gets a number every step.
import torch
import wandb


def train_loop(dataloader, model, loss_fn, optimizer, epoch):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.train()
    for batch, (X, y) in enumerate(dataloader):
        X = X.to(device)
        y = y.float().to(device)
        pred = model(X)
        loss = loss_fn(pred, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        wandb.log({"train_loss": loss.item(), "step": epoch * len(dataloader.dataset) + batch * len(X)})  # expect DEV008
