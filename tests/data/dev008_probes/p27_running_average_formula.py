# source: mostafaamiri/SOD deeplearning/eveluation.py (an incremental mean updated with each batch's number)
# verdict: hit; report only.
import torch


def evaluate(model, dataloader, loss_fn):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.eval()
    total_loss = 0
    step = 0
    for X, y in dataloader:
        X = X.to(device)
        y = y.to(device)
        pred = model(X)
        loss = loss_fn(pred, y)
        total_loss = (total_loss * step + loss.detach().item()) / (step + 1)  # expect DEV008
        step += 1
    print("test loss is : {}".format(total_loss))
    return total_loss
