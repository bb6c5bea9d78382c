# source: ChamiLamelas/Net2Net src/prediction.py (a count copied to the host and read after the loop)
# verdict: hit; the count can stay on the device as an int64 tensor, read once with int() after the loop.
import torch


def predict(model, data_loader, epoch, logger, split):
    model.eval()
    correct = 0
    total = 0
    with torch.no_grad():
        for data, target in data_loader:
            data = data.cuda()
            target = target.cuda()
            output = model(data)
            pred = output.data.max(1, keepdim=True)[1]
            correct += pred.eq(target.data.view_as(pred)).sum()  # expect DEV008
            total += data.size()[0]
        correct = int(correct)
    logger.log_metrics({"epoch": epoch, f"{split}_acc": correct / total})
