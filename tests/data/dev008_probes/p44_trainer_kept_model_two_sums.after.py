# source: bj1123/seq2seq util/trainer.py (a trainer class keeping the model it is given; apex for mixed precision)
# verdict: hit on both reads; the second reads the value the first copied, with no GPU work in between.
import math

import torch


class Runner:
    def __init__(self, net, batches, loss_of, opt):
        self.net = net
        self.batches = batches
        self.loss_of = loss_of
        self.opt = opt

    def epoch(self, accumulate):
        net = self.net
        net.train()
        recent, overall, seen = 0, 0, 0
        for batch in self.batches:
            loss = self.loss_of(net(batch), batch) / accumulate
            recent += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()  # expect DEV008
            overall += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()  # expect DEV008
            loss.backward()
            seen += 1
            if seen % accumulate == 0:
                self.opt.step()
                net.zero_grad()
        recent = float(recent)
        overall = float(overall)
        return math.exp(overall / seen)
