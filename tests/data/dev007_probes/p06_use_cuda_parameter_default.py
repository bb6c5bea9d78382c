# source: Ch4nYH/MixtureOptimizer (a trainer whose CUDA switch defaults to on)
# verdict: hit on the switch; `Trainer(model, ...)` without the keyword moves batches to a GPU that
#   may not exist (the moves it guards follow the switch; the field set labels the switch).
import torch


class Trainer(object):
    def __init__(self, model=None, criterion=None, optimizer=None, dataset=None, USE_CUDA=True):  # expect DEV007
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.dataset = dataset
        self.USE_CUDA = USE_CUDA

    def train(self):
        for batch_input, batch_target in self.dataset:
            if self.USE_CUDA:
                batch_input = batch_input.cuda()
                batch_target = batch_target.cuda()
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(batch_input), batch_target)
            loss.backward()
            self.optimizer.step()
