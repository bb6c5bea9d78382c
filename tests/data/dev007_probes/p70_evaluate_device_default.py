# source: dispink/xpt (src/utils/eval.py: an evaluation helper whose device defaults to "cuda")
# verdict: hit: called as `evaluate(model, loader)`, the batches go to a GPU that may not be there.
import torch
from torch import nn
from torch.utils.data import DataLoader


def evaluate(model: nn.Module, dataloader: DataLoader, device="cuda"):  # expect DEV007
    total = 0.0
    model.eval()
    with torch.no_grad():
        for samples in dataloader:
            samples = samples.to(device, non_blocking=True, dtype=torch.float)
            loss, _, _ = model(samples)
            total += loss.item()
    return total / len(dataloader)
