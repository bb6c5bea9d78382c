# source: dispink/xpt src/utils/eval.py (an evaluation sum of the loss a model returns first)
# verdict: hit; the sum can stay on the device and be converted once after the loop.
import torch
from torch import nn
from torch.utils.data import DataLoader


def evaluate(model: nn.Module, dataloader: DataLoader, device="cuda"):
    total_loss = 0.0
    model.eval()
    with torch.no_grad():
        for samples in dataloader:
            samples = samples.to(device, non_blocking=True, dtype=torch.float)
            loss, _, _ = model(samples)
            total_loss += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()  # expect DEV008
        total_loss = float(total_loss)
    return total_loss / len(dataloader)
