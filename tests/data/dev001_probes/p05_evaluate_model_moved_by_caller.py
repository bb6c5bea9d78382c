# source: search excerpt without a repository name (an `evaluate` beside a module-level
#   `device = torch.device("cuda")`; the model arrives from the caller)
# verdict: look-alike for DEV001: the input is moved; the model is the caller's (DEV007 has the device).
import torch

device = torch.device("cuda")


def evaluate(model, data_loader):
    model.eval()
    y_pred = []
    with torch.no_grad():
        for x, y in data_loader:
            x = x.to(device)
            out = model(x)
            y_pred.append(out.cpu())
    return torch.cat(y_pred, 0)
