# source: public copies of a course's trainer.py template (many repositories; the code index names none)
# verdict: hit; the step method's returned loss can stay a tensor, summed on the device by the epoch loop.
import torch as t


class Trainer:
    def __init__(self, model, crit, optim, train_dl, val_dl, cuda=True):
        self._model = model
        self._crit = crit
        self._optim = optim
        self._train_dl = train_dl
        self._val_dl = val_dl
        self._cuda = cuda
        if cuda:
            self._model = model.cuda()
            self._crit = crit.cuda()

    def train_step(self, x, y):
        self._optim.zero_grad()
        loss = self._crit(self._model(x), y)
        loss.backward()
        self._optim.step()
        return loss.item()  # expect DEV008

    def val_step(self, x, y):
        with t.no_grad():
            out = self._model(x)
            loss = self._crit(out, y)
        return loss.item(), out  # expect DEV008

    def train_epoch(self):
        self._model.train()
        total = 0
        for x, y in self._train_dl:
            if self._cuda:
                x, y = x.cuda(), y.cuda()
            loss = self.train_step(x, y)
            total += loss
        return total / len(self._train_dl)

    def val(self):
        self._model.eval()
        total = 0.0
        preds = []
        with t.no_grad():
            for x, y in self._val_dl:
                if self._cuda:
                    x, y = x.cuda(), y.cuda()
                loss, out = self.val_step(x, y)
                total += loss
                preds.append(out.cpu())  # expect DEV008
        return total / len(self._val_dl), t.cat(preds)
