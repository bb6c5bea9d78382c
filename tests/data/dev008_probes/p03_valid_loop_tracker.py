# source: boostcampaitech6/level2-3-cv-finalproject-cv-03 model/trainer/valid_loop.py (copies handed to a metric tracker)
# verdict: hit; each batch copies labels, predictions and the loss to the host for a tracker the file does not show.
import torch


def valid_loop(model, valid_loader, criterion, tracker, device):
    model.to(device)
    model.eval()
    tracker.reset()
    with torch.no_grad():
        for frames, labels in valid_loader:
            frames = frames.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            outputs = model(frames)
            loss = criterion(outputs, labels)
            _, preds = torch.max(outputs, 1)
            labels = labels.cpu().numpy()  # expect DEV008
            preds = preds.cpu().numpy()  # expect DEV008
            tracker.update(loss=loss.item(), true=labels, pred=preds)  # expect DEV008
    return tracker.result()
