# source: gucci-j/pytorch-imdb-cv src/metrics.py (a batch accuracy helper summed with the loss per epoch)
# verdict: hit twice; both sums can stay on the device and be converted once after the loop.
import torch


def binary_accuracy(preds, y):
    rounded_preds = torch.round(torch.sigmoid(preds))
    correct = (rounded_preds == y).float()
    return correct.sum() / len(correct)


def train(model, iterator, optimizer, criterion, device):
    epoch_loss = 0
    epoch_acc = 0
    model.train()
    for text, label in iterator:
        text, label = text.to(device), label.to(device)
        optimizer.zero_grad()
        predictions = model(text).squeeze(1)
        loss = criterion(predictions, label)
        acc = binary_accuracy(predictions, label)
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item()  # expect DEV008
        epoch_acc += acc.item()  # expect DEV008
    return epoch_loss / len(iterator), epoch_acc / len(iterator)
