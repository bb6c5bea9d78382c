# source: unnamed file of the code index (a capsule network's test loop: the model's own loss method)
# verdict: hit: the volatile pair, the summed loss read by .data[0]; `size_average=` here is the
#   model's own keyword, not torch's (no DEV013).
import torch


def test(model, test_loader, to_one_hot):
    model.eval()
    test_loss = 0
    for data, target in test_loader:
        data, target = data.detach().cuda(), to_one_hot(target).detach().cuda()
        with torch.no_grad():
            output = model(data)
            test_loss += model.loss(data, output, target, size_average=False).item()
    return test_loss / len(test_loader.dataset)
