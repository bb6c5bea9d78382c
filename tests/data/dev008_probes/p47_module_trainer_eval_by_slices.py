# source: ixaxaar/seq2seq-dnc src/nets/luong_seq2seq_trainer.py (a trainer that subclasses nn.Module, batches cut by index)
# verdict: hit: a model class's own method slicing batches from the data it is given evaluates it batch by batch.
import math

import torch
import torch.nn as nn


class Seq2SeqTrainer(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net.cuda()

    def evaluate(self, source, target, size=64):
        self.net.eval()
        guesses = []
        for b in range(math.ceil(len(source) / size)):
            src = source[b:b + size]
            out = self.net(src, target[b:b + size])
            _, best = out.topk(1)
            guesses.append(best.squeeze(2).data.cpu().numpy())  # expect DEV008
        return guesses
