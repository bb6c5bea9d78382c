# source: s-froghyar/thesis-project-mgr tpreporter/reporter_utils.py (a count helper summed by the epoch loop)
# verdict: hit twice; the helper's .item() and the loss sum both wait every batch.
import torch
import torch.nn.functional as F


def get_num_correct(preds, labels):
    return preds.argmax(dim=1).eq(labels).sum()  # expect DEV008


def run_epoch(network, loader, optimizer):
    total_loss = 0
    total_correct = 0
    for images, labels in loader:
        images, labels = images.cuda(), labels.cuda()
        preds = network(images)
        loss = F.cross_entropy(preds, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.detach().double()  # expect DEV008
        total_correct += get_num_correct(preds, labels)
    total_loss = float(total_loss)
    total_correct = int(total_correct)
    print("total_correct:", total_correct, "loss:", total_loss)
