# source: deipss/BERT4Rec-VAE-Pytorch options.py and trainers/base.py (a --device option whose default is the GPU)
# verdict: hit on the option (the program runs on the GPU unless told otherwise, without asking).
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--device", type=str, default="cuda" if torch.cuda.is_available() else "cpu", choices=["cpu", "cuda"])  # expect DEV007
parser.add_argument("--lr", type=float, default=0.001)
args = parser.parse_args()


class Trainer:
    def __init__(self, args, model, loader):
        self.device = args.device
        self.model = model.to(self.device)
        self.loader = loader
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=args.lr)

    def train_one_epoch(self):
        for batch in self.loader:
            batch = [x.to(self.device) for x in batch]
            loss = self.model(*batch)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
