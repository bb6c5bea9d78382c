# source: Morty-Xu/AdML_A3 loss.py (the last batch's loss read once after the loop)
# verdict: look-alike; the loop itself reads nothing on the host.
import torch


def cal_loss(data_loader, model, loss_func, device):
    loss = 0
    with torch.no_grad():
        for data, labels in data_loader:
            x = y = data
            encoded, decoded = model(x.to(device))
            loss = loss_func(decoded, y.to(device))
    loss = loss.item() / len(data_loader)
    return loss
