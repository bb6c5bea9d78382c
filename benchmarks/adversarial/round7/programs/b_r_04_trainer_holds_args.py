# EMU
import argparse
import torch
import torch.nn as nn
torch.manual_seed(0)
parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_true")
parser.add_argument("--batch", type=int, default=4)
args = parser.parse_args(["--cuda"])
class Trainer:
    def __init__(self, opt):
        self.opt = opt
        self.model = nn.Linear(3, 1)
    def setup(self):
        if self.opt.batch < 8:  # tiny batches: not worth the GPU
            self.opt.cuda = False
        if self.opt.cuda:
            self.model.cuda()
trainer = Trainer(args)
noise = torch.zeros(args.batch, 3)
trainer.setup()
if args.cuda:
    noise = noise.cuda()
out = trainer.model(noise)
print(noise.device, out.device)
