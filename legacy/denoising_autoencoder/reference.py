"""The denoising autoencoder of before.py for PyTorch 2.x.

Batches are made float32 and moved to `device` in one `.to(device, torch.float32)`; the noise is
drawn on the CPU (as before) and moved; initialisers are the in-place `xavier_uniform_`/`constant_`;
the summed loss is `reduction="sum"`; codes are computed under `torch.no_grad()`.
"""
import os
import sys

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

sys.path.append(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("MPLBACKEND", "Agg")

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class CurvePoints(Dataset):
    def __init__(self, n, seed):
        rng = np.random.RandomState(seed)
        t = rng.rand(n, 1) * 2 * np.pi
        self.data = np.hstack([np.cos(t), np.sin(t), np.cos(2 * t), np.sin(2 * t)])

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        return self.data[idx]


class Autoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
        self.decoder = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 4))
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.xavier_uniform_(m.weight)
                nn.init.constant_(m.bias, 0)

    def forward(self, x):
        return self.decoder(self.encoder(x))


def run():
    torch.manual_seed(2)
    loader = DataLoader(CurvePoints(24, 0), batch_size=8, shuffle=True)
    model = Autoencoder().to(device)
    criterion = nn.MSELoss(reduction="sum")
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    history = []
    for epoch in range(3):
        epoch_loss = 0.0
        for batch in loader:
            x = batch.to(device, torch.float32)
            noisy = x + (torch.randn(x.size()) * 0.1).to(device)
            output = model(noisy)
            loss = criterion(output, x)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
        history.append(epoch_loss / len(loader.dataset))
        print(f"epoch [{epoch + 1}/3], loss:{epoch_loss / len(loader.dataset):.4f}")
    test = CurvePoints(5, 1)
    with torch.no_grad():
        codes = model.encoder(torch.from_numpy(test.data).to(device, torch.float32)).cpu().numpy()
    return {"history": history, "codes": codes}


if __name__ == "__main__":
    print(run())
