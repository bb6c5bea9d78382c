# source: SebastianCallh/nimbo-pytorch-setup my_project/model.py (a LightningModule logging the loss tensor)
# verdict: look-alike; self.log takes the tensor itself and Lightning decides when to read it.
import pytorch_lightning as pl
import torch
from torch import nn
from torch.nn import functional as F


class MyModel(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(28 * 28, 10)

    def forward(self, x):
        return torch.relu(self.l1(x.view(x.size(0), -1)))

    def training_step(self, batch, batch_idx):
        x, y = batch
        y_hat = self(x)
        loss = F.cross_entropy(y_hat, y)
        self.log("training/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.02)
