# source: KamikaziZen/deep-optimization source/eval.py (an autoencoder's evaluation sum started at 0)
# verdict: hit; the loss function is a parameter named for one: its result is a floating tensor, summed on the device.
import torch


def eval_loss(model, dataloader, loss_function, device):
    model.eval()
    loss = 0
    with torch.no_grad():
        for x, _ in dataloader:
            x = x.to(device)
            z = model(x)
            batch_loss = loss_function(z, x)
            loss += batch_loss.detach().double() if batch_loss.device.type in ("cuda", "cpu") else batch_loss.item()  # expect DEV008
        loss = float(loss)
    return loss / len(dataloader)
