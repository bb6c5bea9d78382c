"""A denoising autoencoder on points of a float64 curve, written in the 2017 style.

A `Dataset` hands out float64 NumPy rows, so the `DataLoader` yields DoubleTensors; each batch is cast
with `.type(dtype)` where `dtype = torch.cuda.FloatTensor if ... else torch.FloatTensor`; statements
sit between the imports (`sys.path.append`, a backend setting in place of `matplotlib.use('Agg')`);
layers are initialised with `nn.init.xavier_uniform` and `nn.init.constant`; the loss is
`nn.MSELoss(size_average=False)`, summed as `epoch_loss += loss.data[0]`; codes are computed with
`volatile=True` and read back with `.data.cpu().numpy()`.
"""
import os
import sys
sys.path.append(os.path.dirname(os.path.abspath(__file__)))
import numpy as np
os.environ.setdefault('MPLBACKEND', 'Agg')
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader

dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor


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
        super(Autoencoder, self).__init__()
        self.encoder = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
        self.decoder = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 4))
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.xavier_uniform(m.weight)
                nn.init.constant(m.bias, 0)

    def forward(self, x):
        return self.decoder(self.encoder(x))


def run():
    torch.manual_seed(2)
    loader = DataLoader(CurvePoints(24, 0), batch_size=8, shuffle=True)
    model = Autoencoder().type(dtype)
    criterion = nn.MSELoss(size_average=False)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    history = []
    for epoch in range(3):
        epoch_loss = 0
        for batch in loader:
            x = Variable(batch.type(dtype))
            noisy = x + Variable(torch.randn(x.size()).type(dtype) * 0.1)
            output = model(noisy)
            loss = criterion(output, x)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            epoch_loss += loss.data[0]
        history.append(epoch_loss / len(loader.dataset))
        print('epoch [{}/3], loss:{:.4f}'.format(epoch + 1, epoch_loss / len(loader.dataset)))
    test = CurvePoints(5, 1)
    codes = model.encoder(Variable(torch.from_numpy(test.data).type(dtype), volatile=True)).data.cpu().numpy()
    return {"history": history, "codes": codes}


if __name__ == '__main__':
    print(run())
