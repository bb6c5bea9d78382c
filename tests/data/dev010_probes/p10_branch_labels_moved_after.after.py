# source: slewie/3dGENius models/networks/loss.py (labels made in either branch, moved after the if)
# verdict: hit, twice; the smoothed labels are random values from a legacy constructor.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def real_loss(d_out, smooth=False):
    n = d_out.size(0)
    if smooth:
        labels = torch.empty(n, dtype=torch.float32, device=device).uniform_(0.9, 1)  # expect DEV010
    else:
        labels = torch.ones(n)  # expect DEV010
    labels = labels.to(device)
    return nn.BCEWithLogitsLoss()(d_out.squeeze(), labels)
