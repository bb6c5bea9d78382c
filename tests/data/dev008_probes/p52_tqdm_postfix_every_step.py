# source: jhhuang96/ConvLSTM-PyTorch main.py (each step's loss listed and shown in the progress bar's postfix)
# verdict: hit; report only: set_postfix formats the number at once and redraws the bar every call.
import numpy as np
import torch
from tqdm import tqdm

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def train_epoch(net, loader, optimizer, lossfunction, batch_size, epoch):
    train_losses = []
    t = tqdm(loader, leave=False, total=len(loader))
    for inputs, label in t:
        inputs, label = inputs.to(device), label.to(device)
        optimizer.zero_grad()
        loss = lossfunction(net(inputs), label)
        loss_aver = loss.item() / batch_size  # expect DEV008
        train_losses.append(loss_aver)
        loss.backward()
        optimizer.step()
        t.set_postfix({"trainloss": "{:.6f}".format(loss_aver), "epoch": "{:02d}".format(epoch)})
    return np.average(train_losses)
