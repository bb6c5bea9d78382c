"""DEV011's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # (s32, round 7) A reduction handed unpacked arguments may be given a dimension: not 0-dim.
    Valid(
        """
        import torch
        x = torch.randn(3, 4)
        dims = (1,)
        m = x.mean(*dims)
        print(m.data[0])
        s = torch.sum(x, **{"dim": 0})
        print(s.data[0])
        """
    ),
    # A loss the file keeps unreduced elsewhere: its `reduction` or `reduce` written after it is built,
    # handed through `**kwargs`, or by position: `.data[0]` is its first element, not the loss.
    Valid(
        """
        import torch.nn as nn
        crit = nn.MSELoss()
        crit.reduction = "none"
        loss = crit(out, y)
        print(loss.data[0])
        """
    ),
    Valid(
        """
        import torch.nn as nn
        criterion = nn.L1Loss()
        criterion.reduce = False
        print(criterion(out, y).data[0])
        """
    ),
    Valid(
        """
        import torch.nn as nn
        KW = {"reduction": "none"}
        crit = nn.MSELoss(**KW)
        kept = nn.SmoothL1Loss(None, None, "none")
        print(crit(out, y).data[0], kept(out, y).data[0])
        """
    ),
    # The same write through the module's namespace (`__dict__`, `vars()`, `__setattr__`), or to an
    # attribute whose name the code does not spell: the loss may no longer reduce (round 5).
    Valid(
        """
        import torch.nn as nn
        crit = nn.MSELoss()
        crit.__dict__["reduction"] = "none"
        loss = crit(out, y)
        print(loss.data[0])
        """
    ),
    Valid(
        """
        import torch.nn as nn
        crit = nn.MSELoss()
        vars(crit).update(reduction="none")
        print(crit(out, y).data[0])
        """
    ),
    Valid(
        """
        import torch.nn as nn
        crit = nn.L1Loss()
        for key, value in options.items():
            setattr(crit, key, value)
        print(crit(out, y).data[0])
        """
    ),
    # A loss whose tensor is given another shape in place, without binding its name again: `.data[0]`
    # reads the first element of what it now holds (round 5).
    Valid(
        """
        import torch
        import torch.nn as nn
        crit = nn.MSELoss()
        loss = crit(out, y)
        loss.data = torch.arange(3.0)
        print(loss.data[0])
        """
    ),
    Valid(
        """
        import torch.nn.functional as F
        def step(out, y):
            loss = F.mse_loss(out, y)
            loss.data.resize_(3)
            return loss.data[0] + 1
        def other(out, y):
            total = F.l1_loss(out, y)
            total.unsqueeze_(0)
            print(total.data[0])
        """
    ),
    # ... or handed to code that reshapes it: `setattr` of `data` (or of an attribute not spelled), a
    # function of the file that reshapes its parameter (also through another), a loop variable, a name
    # or a list element that holds the same tensor (round 6).
    Valid(
        """
        import torch
        import torch.nn as nn
        crit = nn.MSELoss()
        loss = crit(out, y)
        setattr(loss, "data", torch.arange(3.0))
        print(loss.data[0])
        """
    ),
    Valid(
        """
        import torch.nn.functional as F
        def step(out, y, key, value):
            cost = F.mse_loss(out, y)
            setattr(cost.data, key, value)
            return cost.data[0] + 1
        """
    ),
    Valid(
        """
        import torch.nn.functional as F
        def grow(t):
            t.data = t.data.reshape(1)
        def relay(first, second):
            grow(second)
        def step(out, y):
            loss = F.mse_loss(out, y)
            grow(loss)
            print(loss.data[0])
        def other(out, y):
            loss = F.l1_loss(out, y)
            relay(None, second=loss)
            print(loss.data[0])
        """
    ),
    Valid(
        """
        import torch.nn.functional as F
        def step(out, y):
            loss = F.mse_loss(out, y)
            for t in [loss]:
                t.unsqueeze_(0)
            print(loss.data[0])
        def other(out, y):
            loss = F.mse_loss(out, y)
            held = []
            held.append(loss)
            alias = held
            alias[0].resize_(2)
            print(loss.data[0])
        def third(out, y):
            loss = F.mse_loss(out, y)
            for i, t in enumerate((loss,)):
                t.set_(out)
            print(loss.data[0])
        def fourth(out, y):
            loss = F.mse_loss(out, y)
            held = {"loss": loss}
            held["loss"].unsqueeze_(0)
            print(loss.data[0])
        """
    ),
    # (s33, round 7) ... reshaped through a comprehension, a walrus, `dict.items()`, a name a function of
    # the file hands back, the unbound `torch.Tensor.unsqueeze_`, a function's `*args` or `**kwargs`.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        def same(t):
            return t
        def grow_all(*ts):
            for t in ts:
                t.unsqueeze_(0)
        def grow_named(**ts):
            ts["a"].resize_(2)
        def step(out, y):
            loss = F.mse_loss(out, y)
            [t.unsqueeze_(0) for t in [loss]]
            print(loss.data[0])
        def walrus(out, y):
            loss = F.mse_loss(out, y)
            if (u := loss) is not None:
                u.unsqueeze_(0)
            print(loss.data[0])
        def by_items(out, y):
            loss = F.mse_loss(out, y)
            for k, t in {"mse": loss}.items():
                t.data = t.data.reshape(1)
            print(loss.data[0])
        def handed_back(out, y):
            loss = F.mse_loss(out, y)
            u = same(loss)
            u.data = u.data.reshape(1)
            print(loss.data[0])
        def unbound(out, y):
            loss = F.mse_loss(out, y)
            torch.Tensor.unsqueeze_(loss, 0)
            print(loss.data[0])
        def starred(out, y):
            loss = F.mse_loss(out, y)
            grow_all(loss)
            print(loss.data[0])
        def keywords(out, y):
            loss = F.mse_loss(out, y)
            grow_named(a=loss)
            print(loss.data[0])
        """
    ),
    # `%` formats whose positions do not say a number: `%s`, named fields, a width read from the tuple,
    # more values than conversions; and a tuple that is not formatted.
    Valid(
        """
        import torch
        for x in loader:
            out = net(x)
            print("%s" % (out.data[0],))
            print("%(a)f %f" % (out.data[0], out.data[0]))
            print("%*d" % (3, out.data[0]))
            print("%f" % (out.data[0], out.data[0]))
            rows = (out.data[0], out.data[0])
        """
    ),
    # Not one element: a size other than 1, a list of a list, an average with what the file does not
    # show (a string option, an option the file writes, a tensor handed in), a vector grown by `cat`.
    Valid(
        """
        import argparse
        import torch
        from tensorboard_logger import log_value

        parser = argparse.ArgumentParser()
        parser.add_argument("--decay", type=float, default=0.9)
        parser.add_argument("--name", type=str, default="run")
        args = vars(parser.parse_args())
        args["decay"] = [0.9, 0.5]

        def train(model, loader, weights):
            wide = torch.zeros(2)
            nested = torch.FloatTensor([[0.5, 1.0]])
            baseline = torch.zeros(1)
            scaled = torch.zeros(1)
            grown = torch.zeros(1)
            for step, batch in enumerate(loader):
                reward = model(batch)
                baseline = baseline * args["decay"] + reward.mean()
                scaled = scaled * weights
                grown = torch.cat([grown, reward.mean().view(1)])
                log_value("b", baseline.data[0], step)
                log_value("s", scaled.data[0], step)
                print(wide.data[0], nested.data[0], grown.data[0], args["name"])
        """
    ),
    # `max(0)` of a vector gives values and indices; `sum(0)` of a matrix is a row; a name rebound
    # from itself in a loop (a later round reads what it bound).
    Valid(
        """
        import torch

        def stats(x, rows, seq):
            best = x.view(-1).max(0)
            col = rows.sum(0)
            h = seq[0]
            for _ in range(3):
                h = h.data[0]
            return best[0].data[0], col.data[0], h
        """
    ),
    # A row of a batch handed on as one, a vector the file builds, a row of a model's output read as an
    # array: not numbers, whatever the model returns.
    Valid(
        """
        import torch
        def show(model, x, save_image):
            out = model(x)
            save_image(out.data[0])
            grid = torch.zeros(3, 4)
            print(grid.data[0], out.data[0].numpy())
        """
    ),
    # Modern code.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        loss = criterion(model(x), y)
        print(loss.item())
        """
    ),
    # The first row of a batch: a vector, read as one.
    Valid(
        """
        import torch
        output = model(x)
        first = output.data[0]
        """
    ),
    # A loss kept per sample is a vector: `[0]` is its first element.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss(reduction="none")
        losses = criterion(model(x), y)
        print(losses.data[0])
        """
    ),
    # A reduction along a dimension keeps that dimension's other elements.
    Valid(
        """
        import torch
        totals = scores.sum(dim=1)
        print(totals.data[0])
        """
    ),
    # Written, not read.
    Valid(
        """
        import torch
        loss = (a - b).pow(2).mean()
        loss.data[0] = 0.0
        """
    ),
    # `loss` here is a list the code builds: a name alone is no reason when the code shows what it is.
    Valid(
        """
        import torch
        def report(values):
            loss = [v * 2 for v in values]
            print(loss[0])
        """
    ),
    # `reduce=False` (the pre-1.0 spelling of reduction="none") keeps one loss per sample.
    Valid(
        """
        import torch.nn.functional as F
        per_sample = F.nll_loss(out, target, reduce=False)
        print(per_sample.data[0])
        """
    ),
    # Rebound after the reduction: what reaches the read is the vector.
    Valid(
        """
        import torch
        def f(x):
            loss = x.sum()
            loss = x * 2
            return loss.data[0]
        """
    ),
    # The criterion is a parameter and the function is handed on: its callers are not all shown.
    Valid(
        """
        import torch.nn as nn
        def step(criterion, out, y):
            value = criterion(out, y)
            return value.data[0]
        hooks = [step]
        hooks[0](nn.MSELoss(reduction="none"), out, y)
        """
    ),
    # One caller passes a per-sample loss: a vector there.
    Valid(
        """
        import torch.nn as nn
        def step(criterion, out, y):
            total = criterion(out, y)
            return total.data[0]
        step(nn.MSELoss(), a, b)
        step(nn.MSELoss(reduction="none"), a, b)
        """
    ),
    # Divided by something that may be a tensor: broadcasting may make a vector.
    Valid(
        """
        import torch
        def f(x, weights):
            loss = x.sum() / weights
            return loss.data[0]
        """
    ),
    # The NumPy array of a batch: its first row.
    Valid(
        """
        import torch
        first = model(x).data.cpu().numpy()[0]
        """
    ),
    # A tensor key the code stores first: the dictionary holds that very tensor.
    Valid(
        """
        import torch
        def f(out, cache):
            _, topi = out.data.topk(1)
            ni = topi[0][0]
            seen = {}
            seen[ni] = 1
            return seen[ni]
        """
    ),
    # A `defaultdict` inserts a missing key instead of raising: not only runs that stopped change.
    Valid(
        """
        import collections
        import torch
        counts = collections.defaultdict(int)
        def f(out):
            _, topi = out.data.topk(1)
            ni = topi[0][0]
            return counts[ni]
        """
    ),
    # A list indexed by a 0-dim integer tensor works today (`__index__`).
    Valid(
        """
        import torch
        words = ["a", "b"]
        def f(out):
            _, topi = out.data.topk(1)
            ni = topi[0][0]
            return words[ni]
        """
    ),
    # The key is handed to a function of the file, which may keep it.
    Valid(
        """
        import torch
        table = {0: "a"}
        def f(out):
            _, topi = out.data.topk(1)
            ni = topi[0][0]
            remember(ni)
            return table[ni]
        """
    ),
    # `i` is an int from `range`, not a tensor element.
    Valid(
        """
        import torch
        table = {0: "a"}
        def f(out):
            for i in range(3):
                print(table[i], out.data)
        """
    ),
    # `.data[0]` bound to a name that is no loss's: the first element of an output, as it always read.
    Valid(
        """
        import torch

        def first_scores(model, x, scorer):
            first = scorer(model(x)).data[0]
            return first
        """
    ),
    # A loop over a tensor's rows, its first element kept, not read as a number: left alone.
    Valid(
        """
        import torch

        def heads(rows, out):
            for row in rows:
                out.append_row(row.data[0])
        """
    ),
    # Read as a number, but the binding that reaches the read is a reduction along a dimension (a
    # vector): `[0]` reads its first element, as it always did.
    Valid(
        """
        import torch

        def log_rows(values, helper, totals):
            scores = helper(values)
            scores = scores.sum(1)
            totals["first"] += scores.data[0]
        """
    ),
    # (session 34) A row of what the model returns, negated or moved: not read as a number, kept.
    Valid(
        """
        import torch

        def first_rows(model, x):
            out = model(x)
            row = out.cpu().data[0]
            return -out.data[0], row
        """
    ),
]

INVALID = [
    # Look-alikes of a reduction changed or a loss reshaped: a write that keeps the reduction (`"sum"`
    # through `__dict__`, `setattr(self, key, v)` of a class keeping its own settings), a `.data`
    # given another 0-dim value, an in-place method that keeps a 0-dim tensor 0-dim.
    Invalid(
        """
        import torch.nn as nn
        class Config:
            def __init__(self, **options):
                for key, value in options.items():
                    setattr(self, key, value)
        crit = nn.MSELoss()
        crit.__dict__["reduction"] = "sum"
        loss = crit(out, y)
        loss.data = loss.data / 2
        loss.squeeze_()
        print(loss.data[0])
        """,
        """
        import torch.nn as nn
        class Config:
            def __init__(self, **options):
                for key, value in options.items():
                    setattr(self, key, value)
        crit = nn.MSELoss()
        crit.__dict__["reduction"] = "sum"
        loss = crit(out, y)
        loss.data = loss.data / 2
        loss.squeeze_()
        print(loss.item())
        """,
        message="`loss` is a 0-dim tensor",
        line=11,
    ),
    # Look-alikes of a loss handed to code that reshapes it: `setattr` of another attribute or of a
    # 0-dim `data`, a function of the file that reshapes another parameter or none, a loop variable
    # that is not reshaped, another list's element reshaped.
    Invalid(
        """
        import torch.nn.functional as F
        def grow(t, other):
            other.unsqueeze_(0)
        def show(t):
            print(t)
        def step(out, y, buf):
            loss = F.mse_loss(out, y)
            setattr(loss, "requires_grad", True)
            setattr(loss, "data", loss.data * 2)
            grow(loss, buf)
            show(loss)
            for t in [loss]:
                t.backward()
            rows = [buf]
            rows[0].unsqueeze_(0)
            return loss.data[0]
        """,
        """
        import torch.nn.functional as F
        def grow(t, other):
            other.unsqueeze_(0)
        def show(t):
            print(t)
        def step(out, y, buf):
            loss = F.mse_loss(out, y)
            setattr(loss, "requires_grad", True)
            setattr(loss, "data", loss.data * 2)
            grow(loss, buf)
            show(loss)
            for t in [loss]:
                t.backward()
            rows = [buf]
            rows[0].unsqueeze_(0)
            return loss.item()
        """,
        message="`loss` is a 0-dim tensor",
        line=16,
    ),
    # (s33, round 7) A 0-dim loss handed to code the file does not show (a lambda, `map`, a method of an
    # object handed in) may be reshaped there: `.item()` is unsafe.
    Invalid(
        """
        import torch.nn.functional as F
        grow = lambda t: t.unsqueeze_(0)
        def step(out, y):
            loss = F.mse_loss(out, y)
            grow(loss)
            print(loss.data[0])
        """,
        """
        import torch.nn.functional as F
        grow = lambda t: t.unsqueeze_(0)
        def step(out, y):
            loss = F.mse_loss(out, y)
            grow(loss)
            print(loss.item())
        """,
        message="hands it to code it does not show",
        line=6,
    ),
    Invalid(
        """
        import torch.nn.functional as F
        def step(out, y, fixer, fn):
            loss = F.mse_loss(out, y)
            list(map(fn, [loss]))
            cost = F.l1_loss(out, y)
            fixer.grow(cost)
            return loss.data[0] + cost.data[0]
        """,
        """
        import torch.nn.functional as F
        def step(out, y, fixer, fn):
            loss = F.mse_loss(out, y)
            list(map(fn, [loss]))
            cost = F.l1_loss(out, y)
            fixer.grow(cost)
            return loss.item() + cost.item()
        """,
        message="hands it to code it does not show",
        line=7,
    ),
    Invalid(
        """
        import torch.nn.functional as F
        def step(out, y, fixer):
            loss = F.mse_loss(out, y)
            fixer.loss = loss
            fixer.grow()
            return loss.data[0]
        """,
        """
        import torch.nn.functional as F
        def step(out, y, fixer):
            loss = F.mse_loss(out, y)
            fixer.loss = loss
            fixer.grow()
            return loss.item()
        """,
        message="hands it to code it does not show",
        line=6,
    ),
    # Look-alikes: handed to builtins, torch's and NumPy's functions, a list's `append`, formatting, a
    # tensor's arithmetic, a function of the file that reshapes nothing: still 0-dim.
    Invalid(
        """
        import numpy as np
        import torch
        import torch.nn.functional as F
        def same(t):
            return t
        def step(out, y, total, losses):
            loss = F.mse_loss(out, y)
            print(loss, float(loss), "{}".format(loss))
            losses.append(loss)
            torch.stack([loss])
            np.mean(loss.detach().numpy())
            total.add_(loss)
            u = same(loss)
            [t.backward() for t in [loss]]
            return loss.data[0]
        """,
        """
        import numpy as np
        import torch
        import torch.nn.functional as F
        def same(t):
            return t
        def step(out, y, total, losses):
            loss = F.mse_loss(out, y)
            print(loss, float(loss), "{}".format(loss))
            losses.append(loss)
            torch.stack([loss])
            np.mean(loss.detach().numpy())
            total.add_(loss)
            u = same(loss)
            [t.backward() for t in [loss]]
            return loss.item()
        """,
        message="`loss` is a 0-dim tensor",
        line=15,
    ),
    # The 0.3 ImageNet example's accuracy(): a list built by appending 0-dim precisions and returned;
    # each name unpacked from its call is 0-dim, and `[0]` raises.
    Invalid(
        """
        import torch

        def accuracy(output, target, topk=(1,)):
            _, pred = output.topk(max(topk), 1, True, True)
            correct = pred.t().eq(target.view(1, -1))
            res = []
            for k in topk:
                correct_k = correct[:k].reshape(-1).float().sum(0)
                res.append(correct_k.mul_(100.0 / target.size(0)))
            return res

        def step(output, target, top1):
            prec1, prec5 = accuracy(output, target, topk=(1, 5))
            top1.update(prec1[0])
        """,
        """
        import torch

        def accuracy(output, target, topk=(1,)):
            _, pred = output.topk(max(topk), 1, True, True)
            correct = pred.t().eq(target.view(1, -1))
            res = []
            for k in topk:
                correct_k = correct[:k].reshape(-1).float().sum(0)
                res.append(correct_k.mul_(100.0 / target.size(0)))
            return res

        def step(output, target, top1):
            prec1, prec5 = accuracy(output, target, topk=(1, 5))
            top1.update(prec1.item())
        """,
        message="`prec1` is 0-dim",
        line=14,
    ),
    # A reduction over dimension 0 of a vector the code shows (`.view(-1)`) is 0-dim like a full one,
    # and so is a running sum of them, read back into its own name after the loop.
    Invalid(
        """
        import torch

        def evaluate(net, batches):
            top1 = 0.0
            for ins, targs in batches:
                preds = net(ins).topk(5, 1, True, True)[1].t()
                correct = preds.eq(targs.view(1, -1).expand_as(preds))
                top1 += correct[:1].reshape(-1).float().sum(0)
            top1 = top1.data[0]
            return top1
        """,
        """
        import torch

        def evaluate(net, batches):
            top1 = 0.0
            for ins, targs in batches:
                preds = net(ins).topk(5, 1, True, True)[1].t()
                correct = preds.eq(targs.view(1, -1).expand_as(preds))
                top1 += correct[:1].reshape(-1).float().sum(0)
            top1 = top1.item()
            return top1
        """,
        message="`top1` is a 0-dim tensor",
        line=9,
    ),
    # Read as a number (a meter, a list, a sum, a format) from what the file does not show: a helper of
    # another module, a criterion handed in. Read with `.item()`, unsafe: a 0-dim value there raises, a
    # one-element one reads the same, a vector would not.
    Invalid(
        """
        import torch

        def train(model, loader, criterion, meter, utils):
            losses = []
            for x, y in loader:
                out = model(x)
                prec1, prec5 = utils.accuracy(out, y, topk=(1, 5))
                meter.update(prec1.data[0], x.size(0))
                losses.append(criterion(out, y).data[0])
                print("top5 {:.2f}".format(prec5.data[0]))
                labelled = -model.elbo(x, y)
                total = labelled + 0.1 * out.mean()
                losses.append(total.data[0])
            return losses
        """,
        """
        import torch

        def train(model, loader, criterion, meter, utils):
            losses = []
            for x, y in loader:
                out = model(x)
                prec1, prec5 = utils.accuracy(out, y, topk=(1, 5))
                meter.update(prec1.item(), x.size(0))
                losses.append(criterion(out, y).item())
                print("top5 {:.2f}".format(prec5.item()))
                labelled = -model.elbo(x, y)
                total = labelled + 0.1 * out.mean()
                losses.append(total.item())
            return losses
        """,
        message="the file does not show whether `prec1` is one",
        line=8,
    ),
    # A model of the file whose `forward` returns a full reduction (skip-gram's loss), called
    # through `.forward(...)`.
    Invalid(
        """
        import torch

        class SkipGram(torch.nn.Module):
            def forward(self, u, v):
                return -1 * (torch.sum(u * v) + torch.sum(v))

        def train(model_args, batches):
            model = SkipGram(*model_args)
            for u, v in batches:
                loss = model.forward(u, v)
                print(loss.data[0])
        """,
        """
        import torch

        class SkipGram(torch.nn.Module):
            def forward(self, u, v):
                return -1 * (torch.sum(u * v) + torch.sum(v))

        def train(model_args, batches):
            model = SkipGram(*model_args)
            for u, v in batches:
                loss = model.forward(u, v)
                print(loss.item())
        """,
        message="is a 0-dim tensor",
    ),
    # A loss module's result.
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        def train(model, loader):
            for x, y in loader:
                loss = criterion(model(x), y)
                print(loss.data[0])
        """,
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        def train(model, loader):
            for x, y in loader:
                loss = criterion(model(x), y)
                print(loss.item())
        """,
        message="is a 0-dim tensor",
        line=6,
    ),
    # A loss function read in one expression, legacy keyword and all.
    Invalid(
        """
        import torch.nn.functional as F
        test_loss += F.nll_loss(output, target, size_average=False).data[0]
        """,
        """
        import torch.nn.functional as F
        test_loss += F.nll_loss(output, target, size_average=False).item()
        """,
        line=2,
    ),
    # The criterion a class builds in its constructor.
    Invalid(
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self, model):
                self.model = model
                self.criterion = nn.MSELoss()
            def step(self, x, y):
                loss = self.criterion(self.model(x), y)
                return loss.data[0]
        """,
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self, model):
                self.model = model
                self.criterion = nn.MSELoss()
            def step(self, x, y):
                loss = self.criterion(self.model(x), y)
                return loss.item()
        """,
        line=8,
    ),
    # A running sum of `loss.data`, read at the end.
    Invalid(
        """
        import torch
        def evaluate(model, batches):
            total_loss = 0
            for x, y in batches:
                total_loss += torch.nn.functional.mse_loss(model(x), y).data
            return total_loss[0] / len(batches)
        """,
        """
        import torch
        def evaluate(model, batches):
            total_loss = 0
            for x, y in batches:
                total_loss += torch.nn.functional.mse_loss(model(x), y).data
            return total_loss.item() / len(batches)
        """,
        message="adds up 0-dim tensors",
        line=6,
    ),
    # Reductions and sums of losses.
    Invalid(
        """
        import torch
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        loss = recon.mean() + kld
        print(loss.data[0], kld.data[0])
        """,
        """
        import torch
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        loss = recon.mean() + kld
        print(loss.item(), kld.item())
        """,
        line=4,
    ),
    # Only the name says it is a loss: an unsafe fix, and the message says why.
    Invalid(
        """
        import torch
        def log(step, g_loss):
            print(step, g_loss.data[0])
        """,
        """
        import torch
        def log(step, g_loss):
            print(step, g_loss.item())
        """,
        message="looks like a loss",
        line=3,
    ),
    # Values the file does not show, formatted as numbers by a `%` format's tuple (`%.4f`, `%d`): read
    # as numbers, so unsafe `.item()`; the `%s` beside them prints a row as well, and stays.
    Invalid(
        """
        import torch
        for i, (x, y) in enumerate(loader):
            errD, errG, fake = gan.step(x)
            print("[%d] D(x): %.4f G: %5.2f %s" % (i, errD.data[0], errG.data[0], fake.data[0]))
        """,
        """
        import torch
        for i, (x, y) in enumerate(loader):
            errD, errG, fake = gan.step(x)
            print("[%d] D(x): %.4f G: %5.2f %s" % (i, errD.item(), errG.item(), fake.data[0]))
        """,
        message="read `errD` as a number before PyTorch 0.4",
        line=4,
    ),
    # A loss returned by a method of the model: unsafe, for the same reason.
    Invalid(
        """
        import torch
        loss = model.loss(x, y)
        losses.append(loss.data[0])
        """,
        """
        import torch
        loss = model.loss(x, y)
        losses.append(loss.item())
        """,
        message="where it is computed is not shown",
        line=3,
    ),
    # Rebound by a reduction before the read: the straight-line assignment that reaches it decides.
    Invalid(
        """
        import torch
        def update(critic, s, a):
            policy_loss = -critic(s, a)
            policy_loss = policy_loss.mean()
            return policy_loss.data[0]
        """,
        """
        import torch
        def update(critic, s, a):
            policy_loss = -critic(s, a)
            policy_loss = policy_loss.mean()
            return policy_loss.item()
        """,
        line=5,
    ),
    # A helper that returns a reduction divided by a Python number.
    Invalid(
        """
        import torch
        def accuracy(output, labels):
            correct = output.max(1)[1].eq(labels).double()
            correct = correct.sum()
            return correct / len(labels)
        acc = accuracy(out, y)
        print(acc.data[0])
        """,
        """
        import torch
        def accuracy(output, labels):
            correct = output.max(1)[1].eq(labels).double()
            correct = correct.sum()
            return correct / len(labels)
        acc = accuracy(out, y)
        print(acc.item())
        """,
        line=7,
    ),
    # The criterion handed to a function: every call in the file passes a loss module.
    Invalid(
        """
        import torch.nn as nn
        def train(x, y, model, criterion):
            loss = 0
            for t in range(x.size(0)):
                loss += criterion(model(x[t]), y[t])
            loss.backward()
            return loss.data[0] / x.size(0)
        def main():
            criterion = nn.NLLLoss()
            return train(x, y, model, criterion)
        """,
        """
        import torch.nn as nn
        def train(x, y, model, criterion):
            loss = 0
            for t in range(x.size(0)):
                loss += criterion(model(x[t]), y[t])
            loss.backward()
            return loss.item() / x.size(0)
        def main():
            criterion = nn.NLLLoss()
            return train(x, y, model, criterion)
        """,
        line=7,
    ),
    # A criterion handed to a class's constructor, read as `self.criterion(...)` in a method.
    Invalid(
        """
        import torch.nn as nn
        class Trainer(object):
            def __init__(self, model, criterion):
                self.model, self.criterion = model, criterion
            def evaluate(self, x, y):
                return self.criterion(self.model(x), y).data[0] * x.size(0)
        trainer = Trainer(net, nn.CrossEntropyLoss())
        trainer.evaluate(a, b)
        """,
        """
        import torch.nn as nn
        class Trainer(object):
            def __init__(self, model, criterion):
                self.model, self.criterion = model, criterion
            def evaluate(self, x, y):
                return self.criterion(self.model(x), y).item() * x.size(0)
        trainer = Trainer(net, nn.CrossEntropyLoss())
        trainer.evaluate(a, b)
        """,
        line=6,
    ),
    # An instance of the file's loss class called, its result divided by a number its callers pass.
    Invalid(
        """
        import torch.nn as nn
        class Smoothing(nn.Module):
            def __init__(self):
                super(Smoothing, self).__init__()
                self.criterion = nn.KLDivLoss(size_average=False)
            def forward(self, x, target):
                return self.criterion(x, target)
        class LossCompute(object):
            def __init__(self, criterion):
                self.criterion = criterion
            def __call__(self, x, y, norm):
                loss = self.criterion(x, y) / norm
                loss.backward()
                return loss.data[0] * norm
        compute = LossCompute(Smoothing())
        total = compute(out, y, len(rows))
        """,
        """
        import torch.nn as nn
        class Smoothing(nn.Module):
            def __init__(self):
                super(Smoothing, self).__init__()
                self.criterion = nn.KLDivLoss(size_average=False)
            def forward(self, x, target):
                return self.criterion(x, target)
        class LossCompute(object):
            def __init__(self, criterion):
                self.criterion = criterion
            def __call__(self, x, y, norm):
                loss = self.criterion(x, y) / norm
                loss.backward()
                return loss.item() * norm
        compute = LossCompute(Smoothing())
        total = compute(out, y, len(rows))
        """,
        line=14,
    ),
    # The NumPy array of a loss, read in a closure: `[()]` reads the NumPy scalar `[0]` read before 0.4.
    Invalid(
        """
        import torch.nn as nn
        def run():
            criterion = nn.MSELoss()
            def closure():
                loss = criterion(seq(x), y)
                print(loss.data.cpu().numpy()[0])
                return loss
            optimizer.step(closure)
        """,
        """
        import torch.nn as nn
        def run():
            criterion = nn.MSELoss()
            def closure():
                loss = criterion(seq(x), y)
                print(loss.data.cpu().numpy()[()])
                return loss
            optimizer.step(closure)
        """,
        message="0-dim array",
        line=6,
    ),
    # Loss modules of the file kept in a list a helper builds; their method returns the loss.
    Invalid(
        """
        import torch.nn as nn
        class StyleLoss(nn.Module):
            def __init__(self, target):
                super(StyleLoss, self).__init__()
                self.target, self.criterion = target, nn.MSELoss()
            def forward(self, x):
                self.loss = self.criterion(x, self.target)
                return x
            def backward(self):
                self.loss.backward(retain_graph=True)
                return self.loss
        def build(targets):
            style_losses = []
            for t in targets:
                style_losses.append(StyleLoss(t))
            return len(style_losses), style_losses
        def run(targets):
            count, style_losses = build(targets)
            score = 0
            for sl in style_losses:
                score += sl.backward()
            return score.data[0]
        """,
        """
        import torch.nn as nn
        class StyleLoss(nn.Module):
            def __init__(self, target):
                super(StyleLoss, self).__init__()
                self.target, self.criterion = target, nn.MSELoss()
            def forward(self, x):
                self.loss = self.criterion(x, self.target)
                return x
            def backward(self):
                self.loss.backward(retain_graph=True)
                return self.loss
        def build(targets):
            style_losses = []
            for t in targets:
                style_losses.append(StyleLoss(t))
            return len(style_losses), style_losses
        def run(targets):
            count, style_losses = build(targets)
            score = 0
            for sl in style_losses:
                score += sl.backward()
            return score.item()
        """,
        line=22,
    ),
    # A decoded index looked up in the vocabulary (the seq2seq tutorial's `index2word[ni]`).
    Invalid(
        """
        import torch
        class Lang:
            def __init__(self):
                self.index2word = {0: "SOS", 1: "EOS"}
        def decode(lang, decoder_output):
            topv, topi = decoder_output.data.topk(1)
            ni = topi[0][0]
            return lang.index2word[ni]
        """,
        """
        import torch
        class Lang:
            def __init__(self):
                self.index2word = {0: "SOS", 1: "EOS"}
        def decode(lang, decoder_output):
            topv, topi = decoder_output.data.topk(1)
            ni = topi[0][0]
            return lang.index2word[ni.item()]
        """,
        message="looks up by identity",
        line=8,
    ),
    # `torch.max(out, 1)[1]` picked to one element, looked up in a dict the function builds.
    Invalid(
        """
        import torch
        def label_of(out, names):
            table = dict(enumerate(names))
            pred = torch.max(out, 1)[1]
            k = pred[0]
            return table[k], k == 0
        """,
        """
        import torch
        def label_of(out, names):
            table = dict(enumerate(names))
            pred = torch.max(out, 1)[1]
            k = pred[0]
            return table[k.item()], k == 0
        """,
        line=6,
    ),
    # A loss handed in, read with `.data[0]` into a name that says it is a loss: unsafe `.item()`.
    Invalid(
        """
        import torch

        def score(members, x, y, f_loss):
            scores = []
            for member in members:
                loss = f_loss(member(x), y).data[0]
                scores.append(-loss)
            return scores
        """,
        """
        import torch

        def score(members, x, y, f_loss):
            scores = []
            for member in members:
                loss = f_loss(member(x), y).item()
                scores.append(-loss)
            return scores
        """,
        message="the file does not show whether `f_loss(member(x), y)` is one",
        line=6,
    ),
    # An element of something handed in, by a loop (`enumerate` or not), compared as a number:
    # iterating a vector gives 0-dim tensors since 0.4. Unsafe: the file does not show the rank.
    Invalid(
        """
        import torch

        def reset(hidden, reset_flags):
            for b, flag in enumerate(reset_flags):
                if flag.data[0] == 1:
                    hidden[:, b, :].data.fill_(0)
            return hidden
        """,
        """
        import torch

        def reset(hidden, reset_flags):
            for b, flag in enumerate(reset_flags):
                if flag.item() == 1:
                    hidden[:, b, :].data.fill_(0)
            return hidden
        """,
        message="the file does not show whether `flag` is one",
        line=5,
    ),
    # An element of what the file does not show (`R[0]`, `idxs[i][0]` of the outputs of a model that
    # `torch.load` unpickled) read as a number (appended, logged by a bare `log_value`): unsafe, as for
    # the value itself. A slice keeps
    # dimensions (`batch[:, 0]`): left alone.
    Invalid(
        """
        import torch
        from tensorboard_logger import log_value

        def validate(path, loader, step):
            model = torch.load(path)
            rewards, outputs = [], []
            for batch in loader:
                R, probs, actions, idxs = model(batch)
                rewards.append(R[0].data[0])
                log_value("reward", R[0].data[0], step)
                for i, action in enumerate(actions):
                    outputs.append(idxs[i][0].data[0])
                first = batch[:, 0].data[0]
            return rewards, outputs, first
        """,
        """
        import torch
        from tensorboard_logger import log_value

        def validate(path, loader, step):
            model = torch.load(path)
            rewards, outputs = [], []
            for batch in loader:
                R, probs, actions, idxs = model(batch)
                rewards.append(R[0].item())
                log_value("reward", R[0].item(), step)
                for i, action in enumerate(actions):
                    outputs.append(idxs[i][0].item())
                first = batch[:, 0].data[0]
            return rewards, outputs, first
        """,
        message="the file does not show whether `R[0]` is one",
        line=9,
    ),
    # Only the bindings that reach the read count: the tuple bound after it is not what is read.
    Invalid(
        """
        import torch

        def step(helper, nll, logits, y, totals):
            ce_loss_ = helper(logits, y)
            totals["ce"] += ce_loss_.data[0]
            ce_loss_ = (ce_loss_, nll(logits, y))
            return ce_loss_
        """,
        """
        import torch

        def step(helper, nll, logits, y, totals):
            ce_loss_ = helper(logits, y)
            totals["ce"] += ce_loss_.item()
            ce_loss_ = (ce_loss_, nll(logits, y))
            return ce_loss_
        """,
        message="`.data[0]` read `ce_loss_` as a number",
        line=5,
    ),
    # A one-element vector (`torch.zeros(1)`, `torch.FloatTensor([v])`, moved, or a running average of
    # it with 0-dim tensors and numbers, here an option of `vars(parser.parse_args())`) read as a number:
    # `[0]` read its number before 0.4 and reads a 0-dim tensor since. `.item()`, unsafe: code written
    # since may count on the tensor.
    Invalid(
        """
        import argparse
        import torch
        from tensorboard_logger import log_value

        parser = argparse.ArgumentParser()
        parser.add_argument("--decay", type=float, default=0.9)
        args = vars(parser.parse_args())

        def train(model, loader):
            decay = args["decay"]
            baseline = torch.zeros(1).cuda()
            bonus = torch.FloatTensor([0.5])
            for step, batch in enumerate(loader):
                reward = model(batch)
                baseline = baseline * decay + (1.0 - decay) * reward.mean()
                log_value("baseline", baseline.data[0], step)
                print((bonus * 2).data[0])
        """,
        """
        import argparse
        import torch
        from tensorboard_logger import log_value

        parser = argparse.ArgumentParser()
        parser.add_argument("--decay", type=float, default=0.9)
        args = vars(parser.parse_args())

        def train(model, loader):
            decay = args["decay"]
            baseline = torch.zeros(1).cuda()
            bonus = torch.FloatTensor([0.5])
            for step, batch in enumerate(loader):
                reward = model(batch)
                baseline = baseline * decay + (1.0 - decay) * reward.mean()
                log_value("baseline", baseline.item(), step)
                print((bonus * 2).item())
        """,
        message="is a one-element vector",
        line=16,
    ),
    # (session 34) A value the file does not show, negated or moved to the host before `.data[0]`
    # (`-RE.data[0]`, `KL.cpu().data[0]`): read as a number all the same, so unsafe `.item()`.
    Invalid(
        """
        import torch
        for x, _ in loader:
            loss, RE, KL = model.calculate_loss(x)
            total_re += -RE.data[0]
            total_kl += KL.cpu().data[0]
        """,
        """
        import torch
        for x, _ in loader:
            loss, RE, KL = model.calculate_loss(x)
            total_re += -RE.item()
            total_kl += KL.cpu().item()
        """,
        message="read `RE` as a number before PyTorch 0.4",
        line=4,
    ),
]
