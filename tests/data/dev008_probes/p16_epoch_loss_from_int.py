# source: mattgorb/sparse-binary-transformers utils/trainer.py (train and test sums started at 0, averaged on return)
# verdict: hit twice; both sums can stay on the device (float64) and be converted once.
import torch


def train(model, iterator, optimizer, criterion, device):
    epoch_loss = 0
    model.train()
    for batch in iterator:
        optimizer.zero_grad()
        data, _ = batch
        data = data.to(device)
        predictions = model(data)
        loss = criterion(predictions, data)
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item()  # expect DEV008
    return epoch_loss / len(iterator)


def test(model, iterator, criterion, device):
    epoch_loss = 0
    model.eval()
    with torch.no_grad():
        for batch in iterator:
            data, _ = batch
            data = data.to(device)
            predictions = model(data)
            loss = criterion(predictions, data)
            epoch_loss += loss.item()  # expect DEV008
    return epoch_loss / len(iterator)
