# source: dhavalshah18/PLARR2020 Exercise03/evaluation.py (a count kept as a tensor, converted after the loop)
# verdict: look-alike; nothing waits inside the loop.
import torch


def check_accuracy(loader, model, device):
    num_correct = 0
    num_samples = 0
    model.eval()
    with torch.no_grad():
        for inputs, labels in loader:
            inputs = inputs.to(device=device)
            labels = labels.to(device=device)
            scores = model(inputs)
            _, preds = scores.max(1)
            num_correct += (preds == labels).sum()
            num_samples += preds.size(0)
    acc = float(num_correct) / num_samples
    print("Got %d / %d correct (%.2f)" % (num_correct, num_samples, 100 * acc))
