# source: dornelles08/TCC RedeNeural/Train.py (each loss moved to the host, then mean and std with NumPy)
# verdict: hit; report only (the list of CPU tensors goes to NumPy after the loop).
import time

import numpy as np
import torch

args = {"device": torch.device("cuda" if torch.cuda.is_available() else "cpu")}


def train(train_loader, net, criterion, optimizer, epoch):
    net.train()
    start = time.time()
    epoch_loss = []
    for batch in train_loader:
        dado, rotulo = batch
        dado = dado.to(args["device"])
        rotulo = rotulo.to(args["device"])
        ypred = net(dado)
        loss = criterion(ypred, rotulo)
        epoch_loss.append(loss.cpu().data)  # expect DEV008
        loss.backward()
        optimizer.step()
    epoch_loss = np.asarray(epoch_loss)
    print("Epoch %d, Loss: %.4f +/- %.4f, Time: %.2f" % (epoch, epoch_loss.mean(), epoch_loss.std(), time.time() - start))
    return epoch_loss.mean()
