"""DEV008's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A loss factory in a library of losses (no loop of its own): named for a loss, but it builds the
    # criterion from a config once, before any loop; its arguments are strings and numbers, not tensors.
    Valid(
        """
        import torch
        from torch import nn
        class DiceLoss(nn.Module):
            def __init__(self, smooth):
                super().__init__()
                self.smooth = smooth
            def forward(self, pred, target):
                inter = (pred * target).sum()
                return 1 - (2 * inter + self.smooth) / (pred.sum() + target.sum() + self.smooth)
        def create_loss(name, config, weight):
            if name == "dice":
                return DiceLoss(config.get("smooth", 1.0))
            if weight is not None:
                weight = torch.tensor(weight)
            return nn.CrossEntropyLoss(weight=weight)
        def get_loss_criterion(config):
            assert "loss" in config, f"no loss in {config}"
            device = config.get("device", "cuda")
            loss = create_loss(config["name"], config, torch.tensor(config["weight"]))
            if config.get("masked"):
                loss = MaskedLoss(loss, config["ignore_index"])
            loss.to(device)
            return loss
        """
    ),
    # The same evaluation over a dict of loaders, read once after the loop.
    Valid(
        """
        import torch
        class Trainer:
            def __init__(self, model, criterion, loaders):
                self.model = model.to(torch.device("cuda"))
                self.criterion = criterion
                self.loaders = loaders
            def _forward_pass(self, x, y):
                out = self.model(x)
                return out, self.criterion(out, y)
            def validate(self):
                total = 0
                with torch.no_grad():
                    for x, y in self.loaders["val"]:
                        out, loss = self._forward_pass(x.cuda(), y.cuda())
                        total = total + loss.detach()
                return total.item() / len(self.loaders["val"])
        """
    ),
    # A scheduler stepped once per epoch on the last loss, read once per epoch.
    Valid(
        """
        import torch
        model = Net().cuda()
        for epoch in range(epochs):
            for x, y in train_loader:
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            scheduler.step(loss)
            print(epoch, loss.item())
        """
    ),
    # Logging every N steps is the recommended practice.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        for step, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if step % 100 == 0:
                print(f"step {step}: {loss.item():.4f}")
        """
    ),
    # Read once, after the loop.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        print(loss.item())
        """
    ),
    # An evaluation loop read once, after it: the sum stays on the device until then.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        correct = torch.zeros((), device=device)
        with torch.no_grad():
            for x, y in loader:
                correct += (model(x).argmax(1) == y).sum()
        print(correct.item() / len(loader.dataset))
        """
    ),
    # A loop over numbers that runs a model (sampling word after word) is no loop over batches; a loop
    # over batches that runs no model (counting labels) evaluates nothing.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        for i in range(n_words):
            out, hidden = model(inp, hidden)
            word = out.argmax().item()
        for x, y in loader:
            counts += y.bincount().tolist()
        """
    ),
    # In a module: sizes and ranks are no syncs; a length handed in beside the input stays on the host
    # (packing wants it there); methods forward does not call (`extra_repr`, `sample`) run when asked.
    Valid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")

        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(8, 8)

            def forward(self, x, lengths):
                if x.dim() == 2 or x.ndimension() == 1:
                    x = x.unsqueeze(0)
                packed = nn.utils.rnn.pack_padded_sequence(x, lengths.cpu(), batch_first=True)
                return self.rnn(packed)[0]

            def extra_repr(self):
                return f"scale={self.scale.item()}"

            def sample(self, x):
                return self.rnn(x)[0].argmax().item()
        """
    ),
    # NumPy and Python values: no device involved.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        import numpy as np
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            lr = scheduler.get_last_lr()[0]
            noise = np.random.rand()
            print(lr, noise.item())
        """
    ),
    # Kept on the device.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
        """
    ),
    # A reinforcement-learning rollout loop: it steps an environment, not an optimizer.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        for t in range(100):
            action = policy(obs)
            obs, reward, done, info = env.step(action.item())
        """
    ),
    # A script that never names a device trains on the CPU, where a sync costs nothing.
    Valid(
        """
        import torch
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            print(loss.item())
        """
    ),
    # A function given its model, called in this file with a model this file builds and never moves:
    # the CPU still, for all the function knows of its model.
    Valid(
        """
        import torch
        def evaluate(model, loader):
            losses = []
            with torch.no_grad():
                for x, y in loader:
                    losses.append(criterion(model(x), y).item())
            return losses
        net = Net()
        print(evaluate(net, test_loader))
        """
    ),
    # `torch.cuda.synchronize()` in a step that times itself: the clock needs the GPU's work done.
    Valid(
        """
        import time
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            start = time.perf_counter()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            torch.cuda.synchronize()
            times.append(time.perf_counter() - start)
        """
    ),
    # A loop over a loader that ends in `break` takes one batch and stops (a sample shown once): its
    # copies run once, not every batch.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        def show_one(loader, model, vocab):
            for words, tags in loader:
                pred = model(words.to(device)).argmax(-1).cpu()
                print([vocab[w.item()] for w in pred[0]])
                break
        """
    ),
    # Pinned to the CPU (the GPU line is a comment); checkpoints picked by a step counter; the
    # action an environment takes and a replay memory's priorities are host values it needs; a
    # value the line before has just copied; tensors on the host already.
    Valid(
        """
        import torch
        device = torch.device("cpu")  # torch.device("cuda") on a GPU machine
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if i in checkpoints:
                print(loss.item())
        """
    ),
    Valid(
        """
        import torch
        device = torch.device("cuda")
        for t in range(steps):
            action = policy(obs).argmax(-1)
            obs, reward, done, _ = env.step(action.cpu().numpy())
            actions = q_net(obs).argmax(1).cpu().numpy()
            obs, reward, done, _ = envs.step(actions)
            taken.append(action.cpu().numpy())
            loss, prios = agent_loss(obs)
            loss.backward()
            optimizer.step()
            memory.update_priorities(prios.detach().cpu().numpy())
            counts = torch.zeros(classes)
            counts[0] += reward
            frequent = counts.argmax().item()
        """
    ),
    # The action a helper of the file chooses and returns on the host, where every call names it for
    # the environment: the copy is the host value the algorithm needs, made where it is chosen.
    Valid(
        """
        import random
        import torch
        device = torch.device("cuda")

        def choose_action(net, obs, eps):
            if random.random() > eps:
                return net(torch.from_numpy(obs).to(device)).argmax(1).cpu()
            return torch.tensor([random.randrange(n_actions)])

        for t in range(steps):
            action = choose_action(q_net, obs, 0.1)[0]
            obs, reward, done, _ = env.step(action)
            loss = td_loss(q_net, batch)
            loss.backward()
            optimizer.step()
        """
    ),
    # Formatting numbers, math on numbers, NumPy's `.item()`, an identity test, a failure's handler,
    # and `.item()` of what a helper returns from host values only.
    Valid(
        """
        import math
        import numpy as np
        import torch
        device = torch.device("cuda")
        for step, (x, y) in enumerate(loader):
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            print("step %d lr %.4f" % (step, math.sqrt(lr)))
            print("{} of {}".format(step, len(loader)))
            spread = np.std(weights).item()
            if out is None:
                continue
            try:
                scheduler.step()
            except RuntimeError:
                print("loss", loss.item())
            ratio = schedule(step, len(loader)).item()
        """
    ),
    # Loggers given numbers, or given tensors on the steps that log.
    Valid(
        """
        import torch
        from torch.utils.tensorboard import SummaryWriter
        device = torch.device("cuda")
        writer = SummaryWriter()
        for step, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            writer.add_scalar("lr", scheduler.get_last_lr()[0], step)
            if step % 50 == 0:
                writer.add_scalars("loss", {"train": loss}, step)
        """
    ),
    # The file's own `log_metrics` is no logger: its body is read as a helper, and it reads nothing here.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        def log_metrics(step, loss):
            history.append((step, loss))
        for step, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            log_metrics(step, loss.detach())
        """
    ),
    # A method of the file's class that copies to the host, called once after training.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        class Plotter:
            def show(self, t):
                plt.plot(t.cpu().numpy())
        plotter = Plotter()
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
        plotter.show(model.weight)
        """
    ),
    # A class with a `forward` whose base is in another file but that builds no torch layer: maybe no
    # module at all.
    Valid(
        """
        import torch
        from pipeline import Stage
        class Summary(Stage):
            def __init__(self):
                super().__init__()
                self.seen = []
            def forward(self, x):
                print(x.sum().item())
                return x
        """
    ),
    # `out.data[0]` kept as a tensor (a row of a batch handed on to torch) reads no number.
    Valid(
        """
        import torch
        model = model.cuda()
        for x, y in loader:
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            first = out.data[0]
            keep = torch.stack([out.data[0], first])
        """
    ),
    # A one-argument `*_criterion` given no tensor is a test of something else, not a loss.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        def train(model, env, stopping_criterion):
            for step in range(1000):
                loss = model(torch.zeros(3, device=device)).sum()
                loss.backward()
                optimizer.step()
                if stopping_criterion(env):
                    break
        """
    ),
    # `x: list[int]` is no tensor input: reading it costs nothing.
    Valid(
        """
        import torch
        import torch.nn as nn
        class Head(nn.Module):
            def forward(self, sizes: list[int]):
                if max(sizes) > 100:
                    return None
                return sizes
        """
    ),
    # A hook that keeps the tensor (no copy) costs nothing.
    Valid(
        """
        import torch
        model = Net().cuda()
        activations = {}
        def keep(module, inputs, output):
            activations[module] = output.detach()
        for layer in model.children():
            layer.register_forward_hook(keep)
        """
    ),
    # An engine's hooks for the start and end of an epoch run once per epoch, not per batch; a
    # `synchronize()` (to time the steps, a look-alike the labelling keeps) is no read of a value.
    Valid(
        """
        import torch
        from torchnet.engine import Engine
        model = model.cuda()
        def on_end_epoch(state):
            print("epoch loss", state["loss"].item())
        def on_start_epoch(state):
            print(state["epoch"])
        engine = Engine()
        engine.hooks["on_end_epoch"] = on_end_epoch
        engine.hooks["on_start_epoch"] = on_start_epoch
        for x, y in loader:
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
        torch.cuda.synchronize()
        """
    ),
    # `Variable(...)` of a host tensor stays on the host: reading it costs no wait.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        model.cuda()
        for x, y in loader:
            loss = criterion(model(Variable(x.cuda())), Variable(y.cuda()))
            loss.backward()
            optimizer.step()
            noise = Variable(torch.from_numpy(make_noise()))
            seen.append(noise.data.numpy())
        """
    ),
    # Values the code shows are on the host: a loader's batch never moved, NumPy's numbers, the elements
    # of a host batch; a branch a verbose run takes; a replay memory's priorities; images written to
    # files (the copy is the output).
    Valid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        for step, (x, y) in enumerate(loader):
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            counts = np.bincount(y.numpy())
            top = counts.argmax().item()
            seen.extend(y.cpu().tolist())
            firsts = [t.item() for t in y[:4]]
            if args.verbose:
                print(out)
            mem.update_priorities(idxs, loss.detach().cpu().numpy())
        with torch.no_grad():
            for i, (x, _) in enumerate(test_loader):
                fake = generator(x.to(device))
                save_image(fake.cpu(), f"sample_{i}.png")
        """
    ),
    # A module's other arguments stay where the caller keeps them (lengths for packing); a loop that
    # saves checkpoints (`save_model` is the file's own function, not a model) evaluates nothing.
    Valid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(8, 8)
            def forward(self, x, lengths):
                packed = nn.utils.rnn.pack_padded_sequence(x, lengths.cpu(), batch_first=True)
                return self.rnn(packed)[1]
        class Trainer:
            def fit(self, names):
                for name in names:
                    self.save_model(name)
                    print(self.best.item())
            def save_model(self, name):
                torch.save(self.state, name)
        """
    ),
    # Greedy decoding needs each token on the host to build the next input and to stop; a loop over
    # sentences (not a loader's batches) that calls it is no loop over batches.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        def translate(sentence, model, max_len=50):
            tokens = [BOS]
            for i in range(max_len):
                out = model(torch.tensor([tokens], device=device))
                token = out.argmax(-1)[0, -1].item()
                tokens.append(token)
                if token == EOS:
                    break
            return tokens
        for example in test_sentences:
            print(translate(example, model))
        """
    ),
    # `top1.update(acc1[0], n)` in a file written for PyTorch >= 0.4 (no `.data[0]`): the element is a
    # 0-dim tensor the meter sums on the device, read where the loop prints every N steps.
    Valid(
        """
        import torch
        from utils import AverageMeter, accuracy
        device = torch.device("cuda")
        def train(loader):
            top1 = AverageMeter()
            for i, (x, y) in enumerate(loader):
                out = model(x.to(device))
                loss = criterion(out, y.to(device))
                acc1, acc5 = accuracy(out, y.to(device), topk=(1, 5))
                top1.update(acc1[0], x.size(0))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                if i % 10 == 0:
                    print(top1.avg)
        """
    ),
    # A pre-0.4 file whose meter is given the first element of a host value (a loader's batch, never moved).
    Valid(
        """
        import torch
        from utils import AverageMeter
        device = torch.device("cuda")
        def train(loader):
            sizes = AverageMeter()
            for i, (x, y, n) in enumerate(loader):
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                sizes.update(n[0])
                if i % 10 == 0:
                    print(loss.data[0])
        """
    ),
    # The same arithmetic on a loader's batch never moved: a host tensor, whose `.item()` waits for nothing.
    Valid(
        """
        import torch
        device = torch.device("cuda")
        def train(model, loader, optimizer):
            spread = 0.0
            for x, returns, baseline in loader:
                loss = model(x.to(device)).mean()
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                spread += (returns - baseline).pow(2).mean().item()
            return spread
        """
    ),
    # A library's metric of NumPy arrays (no torch in it), and a helper not named for a loss or a metric.
    Valid(
        """
        import numpy as np
        import torch
        def accuracy(outputs, labels):
            return float(np.sum(np.argmax(outputs, axis=1) == labels)) / float(labels.size)
        def to_numpy(x):
            return x.detach().cpu().numpy()
        """
    ),
    # A script (it has `if __name__ == "__main__":`): its metric runs where its own code shows, once here.
    Valid(
        """
        import torch
        def dice_score(pred, target):
            return float(torch.sum(pred * target)) / float(torch.sum(pred + target))
        if __name__ == "__main__":
            print(dice_score(torch.rand(4), torch.rand(4)))
        """
    ),
    # Pre-0.4 code keeping the first row of a batch's output (not a loss): a tensor kept, not a number read.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        for x, y in loader:
            x, y = Variable(x.cuda()), Variable(y.cuda())
            recon = model(x)
            loss = criterion(recon, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            first = recon.data[0]
            if i % 100 == 0:
                print(loss.data[0])
        """
    ),
    # A test of a loss (pytest runs it once), in a file with no loop: not a metric a training loop computes.
    Valid(
        """
        import torch
        from losses import dice_loss
        def test_dice_loss(device):
            pred = torch.rand(2, 4, device=device)
            assert float(dice_loss(pred, pred)) < 1e-6
        """
    ),
    # A loop over models, each handed to a helper that runs it once: a loop over models, not over batches,
    # and the comparison reads the results once, after it.
    Valid(
        """
        import torch
        def score(model, x):
            return model(x).mean()
        def compare(models, x):
            x = x.cuda()
            results = {}
            for name, model in models.items():
                results[name] = score(model.cuda(), x)
                print(name, "scored")
            return {k: v.item() for k, v in results.items()}
        """
    ),
    # A loop over samples handed to a helper that has a loop of its own (over the sample's crops): the
    # helper's loop is the one that runs the model, and it reads nothing on the host.
    Valid(
        """
        import torch
        def embed(net, sample):
            parts = []
            for crop in sample.crops:
                parts.append(net(crop.cuda()))
            return torch.stack(parts)
        def run(net, samples):
            net = net.cuda()
            out = [embed(net, s) for s in samples]
            for s in samples:
                print(s.name)
            return out
        """
    ),
    # A loop over numbers that hands a helper running the model what it computes, not what the counter
    # picks: an agent acting step by step, its action read by the environment (left alone).
    Valid(
        """
        import torch
        class Agent:
            def __init__(self, net):
                self.net = net.cuda()
            def act(self, state):
                q = self.net(torch.as_tensor(state).cuda())
                return q.argmax().item()
        def play(env, agent):
            state = env.reset()
            for t in range(1000):
                action = agent.act(state)
                state, reward, done, _ = env.step(action)
        """
    ),
    # Comprehensions outside any step that copy a model's parameters once, or hand each model of a list
    # to a helper that runs it: nothing is evaluated batch by batch.
    Valid(
        """
        import torch
        def score(net, x):
            return net(x).mean()
        def snapshot(net, nets, x):
            net = net.cuda()
            params = [p.detach().cpu() for p in net.parameters()]
            scores = [score(n.cuda(), x.cuda()) for n in nets]
            return params, torch.stack(scores).tolist()
        """
    ),
    # A scheduler the function is given, stepped every step: `step` is also a method of the file's class,
    # but a name library objects share says nothing of which class the scheduler is; that class's `step`
    # runs once, after the loop.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        class Tester:
            def __init__(self, net):
                self.net = net.cuda()
            def step(self, x):
                return self.net(x.cuda()).mean().item()
        def train(model, loader, optimizer, scheduler, tester, x_check):
            for x, y in loader:
                loss = F.mse_loss(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                scheduler.step()
            return tester.step(x_check)
        """
    ),
    # Legacy type conversions and moves that copy nothing to the host: a host batch converted to a CPU
    # type before its move, an output converted to a CUDA type or a dtype.
    Valid(
        """
        import torch
        def train(model, loader, optimizer, device):
            for x, y in loader:
                x = x.type(torch.FloatTensor).to(device)
                y = y.to(device, dtype=torch.long)
                out = model(x)
                loss = torch.nn.functional.cross_entropy(out.type(torch.cuda.FloatTensor), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                half = out.to(torch.float16)
        """
    ),
    # An instance of an imported class called in a loop but never moved to a device: a tokenizer, whose
    # ids are made on the host (the copy of a host tensor waits for nothing).
    Valid(
        """
        import torch
        from mytext import Tokenizer
        tokenizer = Tokenizer("vocab.txt")
        lengths = []
        for sentence in sentences:
            ids = tokenizer(sentence)
            lengths.append(ids.cpu().numel())
        """
    ),
    # A `forward` of a class that is no module and runs no model: a step of a pipeline that converts
    # what it is given, on the host.
    Valid(
        """
        import torch
        class Scale(object):
            def __init__(self, config):
                self.config = config
            def forward(self, batch):
                return batch.cpu().numpy() * self.config.scale
        """
    ),
    # A loss given a batch moved in the call beside the output: a loss, not a model; the loop over pairs
    # evaluates no model.
    Valid(
        """
        import torch
        def pair_distances(criterion, pairs):
            losses = []
            for a, b in pairs:
                losses.append(criterion(a.cuda(), b.cuda()))
            return torch.stack(losses).cpu()
        """
    ),
    # A model's own method that samples step by step (not a loop over data it is given): the loop over
    # time steps makes its input itself, so it is no evaluation over batches.
    Valid(
        """
        import torch
        from torch import nn
        class CharRNN(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(10, 20)
                self.out = nn.Linear(20, 10)
            def forward(self, x, h):
                y, h = self.rnn(x, h)
                return self.out(y), h
            def sample(self, start, steps):
                h, x, chars = None, start, []
                for t in range(steps):
                    y, h = self(x, h)
                    x = y.argmax(-1)
                    chars.append(x.item())
                return chars
        model = CharRNN().cuda()
        """
    ),
    # `.to(dev)` with `dev` bound to the CPU only, and no GPU named: a CPU script, whose syncs cost nothing.
    Valid(
        """
        import torch
        from torch import nn
        model = nn.Linear(10, 2).to(dev)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        dev = "cpu"
        for x, y in loader:
            x, y = x.to(dev), y.to(dev)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(loss.item())
        """
    ),
    # `.to(dev_dtype)`, `.to(dev_set.label_dtype)`: names that hold no device (not `dev` itself, nor `*_dev`).
    Valid(
        """
        import torch
        from torch import nn
        model = nn.Linear(10, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for x, y in loader:
            x, y = x.to(dev_dtype), y.to(dev_set.label_dtype)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(loss.item())
        """
    ),
    # Sizes read from shapes (`x.size(1)`, `x.shape[0]`), host numbers: no tensor is read as a count.
    Valid(
        """
        import torch
        def train(model, loader, opt):
            model.cuda()
            for x, y in loader:
                x, y = x.cuda(), y.cuda()
                mask = torch.arange(x.size(1), device=x.device)
                for t in range(x.shape[0]):
                    x[t] = x[t] * 2
                loss = (model(x) * mask).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
        """
    ),
    # The lengths' maximum taken on the host, from the loader's batch before it is moved: no wait.
    Valid(
        """
        import torch
        def train(model, loader, opt):
            model.cuda()
            for x, lengths, y in loader:
                max_len = lengths.max()
                mask = torch.arange(max_len)[None, :] < lengths[:, None]
                x, mask, y = x.cuda(), mask.cuda(), y.cuda()
                loss = (model(x) * mask).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
        """
    ),
    # `torch.equal` answers with a Python bool, not a tensor: branching on a coin drawn with it is no sync
    # on a tensor (and this coin is drawn on the host).
    Valid(
        """
        import torch
        from torch import nn
        class StochasticBlock(torch.jit.ScriptModule):
            def __init__(self, p):
                super().__init__()
                self.conv = nn.Conv2d(3, 3, 3, padding=1)
                self.p = p
            def survival(self):
                coin = torch.bernoulli(torch.tensor(self.p).float())
                return torch.equal(coin, torch.tensor(1).float().to(coin.device))
            @torch.jit.script_method
            def forward(self, x):
                if self.training:
                    if self.survival():
                        return x + self.conv(x)
                    return x
                return x + self.p * self.conv(x)
        """
    ),
    # A decoding function with a loop over time steps, called once on one sentence after training (no
    # loop over batches calls it): its reads before and after that loop run once.
    Valid(
        """
        import torch
        from torch.utils.data import DataLoader
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        valid_batches = DataLoader(valid_set, batch_size=32)
        def decode(src, lens, encoder, decoder, steps):
            src = src.to(device)
            out, hidden = encoder(src, lens.tolist())
            tokens = []
            for t in range(steps):
                token, hidden = decoder(out, hidden)
                tokens.append(token)
            return torch.stack(tokens).cpu()
        words = decode(sentence, sentence_lens, encoder, decoder, 20)
        print(words.tolist())
        """
    ),
    # The same base class's abstract scoring read on the host by a method called once, after the loop
    # (not by any loop over batches): it runs once.
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        from abc import abstractmethod
        class FewShot(nn.Module):
            def __init__(self, backbone):
                super().__init__()
                self.feature = backbone.cuda()
            @abstractmethod
            def scores(self, x):
                pass
            def forward(self, x):
                return self.feature(x)
            def top_labels(self, x):
                _, labels = self.scores(x).data.topk(1, 1, True, True)
                return labels.cpu().numpy()[:, 0]
            def test_loop(self, loader):
                n = 0
                for i, (x, _) in enumerate(loader):
                    n += x.size(0)
                return n, self.top_labels(x)
        """
    ),
    # An optimizer and the last loss handed to a checkpoint writer once, after the loop: a call given both
    # takes a step only where it runs every step; this one runs once, and its read of the loss with it.
    Valid(
        """
        import torch
        from checkpoints import save_checkpoint
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def train(model, loader, optimizer, criterion):
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                loss.backward()
                optimizer.step()
            final_loss = loss.item()
            save_checkpoint(model, optimizer, final_loss)
        """
    ),
    # The rows of the detections read once after the loop, and numbers of a host list read in it: walking a
    # device tensor gives device tensors, but this one is walked once, and the list holds no tensor.
    Valid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Darknet(cfg).to(device)
        found = []
        for i, batch in enumerate(batches):
            with torch.no_grad():
                found.append(model(batch.to(device)))
            sizes = [len(name) for name in names[i]]
            print([int(n) for n in sizes])
        detections = torch.cat(found)
        labels = [classes[int(d[-1])] for d in detections]
        """
    ),
    # A module's input walked item by item in `forward`: taken for a tensor as an input, but the caller may
    # give a list of node ids, and `int()` of an id is no read of a tensor.
    Valid(
        """
        import torch
        from torch import nn
        class Encoder(nn.Module):
            def __init__(self, features, adj_lists, dim):
                super().__init__()
                self.features = features
                self.adj_lists = adj_lists
                self.weight = nn.Parameter(torch.randn(dim, dim))
            def forward(self, nodes):
                neighbours = [self.adj_lists[int(node)] for node in nodes]
                feats = self.features(torch.LongTensor(nodes).cuda())
                return self.weight.mm(feats.t()), neighbours
        """
    ),
]


INVALID = [
    # Pre-0.4: `.data[0]` of a name bound to a full reduction is its number, wherever it goes (a dict here).
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        for img, label in loader:
            img, label = Variable(img.cuda()), Variable(label.cuda())
            out = model(img)
            loss = criterion(out, label)
            accuracy = (out.max(1)[1] == label).float().mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            info = {"accuracy": accuracy.data[0]}
            logger.scalar_summary(info, step)
        """,
        None,
        message="`accuracy.data[0]` is the pre-0.4 spelling of `.item()`: it copies the value",
        line=11,
    ),
    # A running sum shown in a progress bar every step: the host needs it each step, so the sum cannot stay
    # on the device; the message says so (report only).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def train(loader):
            train_loss = 0
            for batch_idx, (x, y) in enumerate(loader):
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                train_loss += loss.item()
                progress_bar(batch_idx, len(loader), "Loss: %.3f" % (train_loss / (batch_idx + 1)))
        """,
        None,
        message="the sum `train_loss` is read every step (`progress_bar(",
        line=10,
    ),
    # Pre-0.4 BEGAN: the convergence measure reads a combination of the step's losses as a number.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        for x in loader:
            x = Variable(x.cuda())
            d_loss_real = torch.mean(torch.abs(D(x) - x))
            d_loss_fake = torch.mean(torch.abs(D(G(z)) - G(z)))
            d_loss = d_loss_real - k * d_loss_fake
            optimizer.zero_grad()
            d_loss.backward()
            optimizer.step()
            balance = (gamma * d_loss_real - d_loss_fake).data[0]
            k = min(max(k + 0.001 * balance, 0), 1)
        """,
        None,
        message="is the pre-0.4 spelling of `.item()`",
        line=11,
    ),
    # A library of metrics (no loop of its own): a training loop of another file calls them on each batch's
    # outputs, on the device, so each `float(torch.sum(...))` waits for the GPU every step.
    Invalid(
        """
        import torch
        def get_recall(pred, target, threshold=0.5):
            pred = pred > threshold
            hits = torch.sum(pred & (target == 1))
            return float(hits) / (float(torch.sum(target == 1)) + 1e-6)
        """,
        None,
        message="`get_recall` is a loss or a metric that a loop of another file computes on each batch",
        line=5,
    ),
    # An evaluation loop over a dict of loaders by phase, its model run by a helper method of the class:
    # each batch's loss is read on the host.
    Invalid(
        """
        import torch
        from meters import RunningAverage
        class Trainer:
            def __init__(self, model, criterion, loaders):
                self.model = model.to(torch.device("cuda"))
                self.criterion = criterion
                self.loaders = loaders
            def _forward_pass(self, x, y):
                out = self.model(x)
                return out, self.criterion(out, y)
            def validate(self):
                losses = RunningAverage()
                with torch.no_grad():
                    for x, y in self.loaders["val"]:
                        out, loss = self._forward_pass(x.cuda(), y.cuda())
                        losses.update(loss.item(), x.size(0))
                return losses.avg
        """,
        None,
        message="`losses` is an instance of `RunningAverage`",
        line=16,
    ),
    # A scheduler stepped on each batch's loss is given a metric, not an environment's action: the loss
    # stays a device tensor, and reading it for the progress bar waits every step.
    Invalid(
        """
        import torch
        from tqdm import tqdm
        model = Net().cuda()
        bar = tqdm(train_loader)
        for x, y in bar:
            loss = criterion(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            lr_scheduler.step(loss)
            bar.set_postfix(loss=loss.item())
        """,
        None,
        message="it is printed or logged every step",
        line=11,
    ),
    # A metric of the library that wraps its number in a legacy tensor class still computes on each batch.
    Invalid(
        """
        import torch
        def dice_loss(pred, target):
            inter = torch.sum(pred * target)
            score = float(inter) / float(torch.sum(pred + target))
            return torch.FloatTensor([1 - score])
        """,
        None,
        message="`dice_loss` is a loss or a metric that a loop of another file computes on each batch",
        line=4,
    ),
    # A PPO update: what the actor-critic returns is a device tensor the code does not show, and a loss
    # made of it by tensor-only methods (`.pow(2)`) is one too, whatever the batch's other fields are.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        class PPO:
            def __init__(self, actor_critic):
                self.actor_critic = actor_critic
                self.optimizer = torch.optim.Adam(actor_critic.parameters())
            def update(self, rollouts):
                value_loss_epoch = 0
                for obs, returns in rollouts.generator():
                    values = self.actor_critic.evaluate_actions(obs)
                    value_loss = 0.5 * (returns - values).pow(2).mean()
                    self.optimizer.zero_grad()
                    value_loss.backward()
                    self.optimizer.step()
                    value_loss_epoch += value_loss.item()
                    print(value_loss_epoch)
                return value_loss_epoch
        """,
        None,
        message="`value_loss.item()` copies the value to the host",
        line=15,
    ),
    # Pre-0.4 code (`loss.data[0]`): the first element of a one-element tensor was a Python number, so a
    # meter given `prec1[0]` (what an imported `accuracy` returns for device tensors) reads it every step.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        from utils import AverageMeter, accuracy
        def train(loader):
            top1 = AverageMeter()
            for x, y in loader:
                x, y = Variable(x.cuda()), Variable(y.cuda())
                out = model(x)
                loss = criterion(out, y)
                prec1, prec5 = accuracy(out.data, y.data, topk=(1, 5))
                top1.update(prec1[0], x.size(0))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                print(loss.data[0])
        """,
        None,
        message="`prec1[0]` reads a number the pre-0.4 way",
        line=11,
    ),
    # An average meter of another file (imported): its `update` may do anything with the value, so it
    # is reported only, and the message says why.
    Invalid(
        """
        import torch
        from utils import AverageMeter
        device = torch.device("cuda")

        def train(loader):
            losses = AverageMeter()
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.update(loss.item(), x.size(0))
            return losses.avg
        """,
        message="`losses` is an instance of `AverageMeter`, a class this file does not define",
        line=12,
    ),
    # A GAN trainer's history dict, its loss lists started before the epochs and read only after the
    # training (plotted, saved): each list keeps the detached tensors and is copied once after it.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        class Trainer:
            def train(self):
                self.hist = {}
                self.hist["D_loss"] = []
                self.hist["epoch_time"] = []
                for epoch in range(self.epochs):
                    for x, _ in self.loader:
                        d_loss = self.d_step(x.to(device))
                        d_loss.backward()
                        self.d_opt.step()
                        self.hist["D_loss"].append(d_loss.item())
                    self.hist["epoch_time"].append(1.0)
                self.plot()

            def plot(self):
                show(self.hist["D_loss"])
        """,
        """
        import torch
        device = torch.device("cuda")

        class Trainer:
            def train(self):
                self.hist = {}
                self.hist["D_loss"] = []
                self.hist["epoch_time"] = []
                for epoch in range(self.epochs):
                    for x, _ in self.loader:
                        d_loss = self.d_step(x.to(device))
                        d_loss.backward()
                        self.d_opt.step()
                        self.hist["D_loss"].append(d_loss.detach())
                    self.hist["epoch_time"].append(1.0)
                self.hist["D_loss"] = torch.stack(self.hist["D_loss"]).tolist() if self.hist["D_loss"] else []
                self.plot()

            def plot(self):
                show(self.hist["D_loss"])
        """,
    ),
    # The same history, plotted by each epoch through a method that reads it: it must hold numbers.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        class Trainer:
            def train(self):
                self.hist = {"D_loss": []}
                self.hist["D_loss"] = []
                for epoch in range(self.epochs):
                    for x, _ in self.loader:
                        d_loss = self.d_step(x.to(device))
                        d_loss.backward()
                        self.d_opt.step()
                        self.hist["D_loss"].append(d_loss.item())
                    self.plot()

            def plot(self):
                show(self.hist["D_loss"])
        """,
        message="is read, handed on or kept past the loop in ways a fix cannot follow",
    ),
    # A module-level history whose list the loop reads (the last value printed): left as it is.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        hist = {}
        hist["G"] = []
        for x, _ in loader:
            g_loss = g_step(x.to(device))
            g_loss.backward()
            g_opt.step()
            hist["G"].append(g_loss.item())
            print(hist["G"][-1])
        """,
        message="copies the value to the host",
    ),
    # A history started before the epochs, appended by each epoch's batches and read only after the
    # training: the tensors are kept across the epochs and copied once, after the outer loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        history = []
        for epoch in range(epochs):
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                history.append(loss.item())
        plot(history)
        """,
        """
        import torch
        device = torch.device("cuda")
        history = []
        for epoch in range(epochs):
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                history.append(loss.detach())
        history = torch.stack(history).tolist() if history else []
        plot(history)
        """,
    ),
    # The same history, read by each epoch (its last values printed): it must hold numbers there.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        history = []
        for epoch in range(epochs):
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                history.append(loss.item())
            print(sum(history[-len(loader):]) / len(loader))
        """,
        message="is read, handed on or kept past the loop in ways a fix cannot follow",
    ),
    # An epoch loop that may return early (a target reached): the read-back after it would not run.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def fit(model, loader, epochs):
            history = []
            for epoch in range(epochs):
                for x, y in loader:
                    loss = criterion(model(x.to(device)), y.to(device))
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                    history.append(loss.item())
                if done(model):
                    return history
            return history
        """,
        message="is read, handed on or kept past the loop in ways a fix cannot follow",
    ),
    # A helper that hands the environment `.numpy()` of the device tensor: no host copy is made (it
    # fails on a GPU), so it is reported.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def choose_action(q_values):
            return q_values.argmax(1).numpy()[0]

        for t in range(steps):
            action = choose_action(q_net(state))
            state, reward, done, _ = env.step(action)
            loss = td_loss(q_net, batch)
            loss.backward()
            optimizer.step()
        """,
        message="needs the tensor on the host",
        line=5,
    ),
    # A helper's copy that one call names for the environment and another prints every step: the
    # host waits for it there too, so it is still reported.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def choose_action(net, obs):
            return net(torch.from_numpy(obs).to(device)).argmax(1).cpu()

        for t in range(steps):
            action = choose_action(q_net, obs)[0]
            obs, reward, done, _ = env.step(action)
            print(choose_action(q_net, obs))
            loss = td_loss(q_net, batch)
            loss.backward()
            optimizer.step()
        """,
        message="copies the tensor to the host",
        line=5,
    ),
    # Two sums of one loss on consecutive lines (the second reads what the first copied), one of them
    # divided in place where it is logged: both stay on the device, the division a float64 tensor's.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for epoch in range(epochs):
            epoch_sum, window = 0.0, 0.0
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x.to(device)), y.to(device))
                epoch_sum += loss.item() * x.size(0)
                window += loss.item()
                if i % 100 == 99:
                    window /= 100
                    print("loss %.4f" % window)
                    window = 0.0
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            print(epoch_sum / len(loader.dataset))
        """,
        """
        import torch
        device = torch.device("cuda")
        for epoch in range(epochs):
            epoch_sum, window = 0.0, 0.0
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x.to(device)), y.to(device))
                epoch_sum += loss.detach().double() * x.size(0)
                window += loss.detach().double()
                if i % 100 == 99:
                    window /= 100
                    print("loss %.4f" % float(window))
                    window = 0.0
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            epoch_sum = float(epoch_sum)
            window = float(window)
            print(epoch_sum / len(loader.dataset))
        """,
    ),
    # A loop that runs a model its caller gives it, in a file that names no device: the caller may pick
    # MPS, so the loss's own device chooses float64 at run time.
    Invalid(
        """
        import torch
        def train_epoch(model, loader, optimizer):
            total = 0.0
            for x, y in loader:
                loss = model(x, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                total += loss.item()
            return total / len(loader)
        """,
        """
        import torch
        def train_epoch(model, loader, optimizer):
            total = 0.0
            for x, y in loader:
                loss = model(x, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                total += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()
            total = float(total)
            return total / len(loader)
        """,
    ),
    # A method of the file's one module class that defines it, called on a model the file is given in an
    # evaluation loop (`model.predict(x)`): its copy to the host runs every batch.
    Invalid(
        """
        import torch
        import torch.nn as nn
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 2)

            def forward(self, x):
                return self.fc(x)

            def predict(self, x):
                return self.forward(x).data.cpu().numpy()

        def evaluate(model, loader):
            out = []
            for x, y in loader:
                out.append(model.predict(x.cuda()))
            return out
        """,
        None,
        line=12,
    ),
    # The host needs these values every step, so no fix is offered; the message says why and what to do.
    Invalid(
        """
        import math
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            print(f"loss {loss.item():.3f}")
        """,
        None,
        message="it is printed or logged every step, and no fix keeps that output",
    ),
    Invalid(
        """
        import math
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            psnr = 10 * math.log10(1 / loss.item())
        """,
        None,
        message="`math.log10` is given it every step, and needs a host value",
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            if torch.isnan(loss):
                raise ValueError("nan loss")
            loss.backward()
            optimizer.step()
        """,
        None,
        message="the step branches on it, so the host needs it every step",
    ),
    # What a model's own method returns (`model.translate(src)`) is not shown, but `argmax(dim=1)` is a
    # tensor's method: the copy of its result is a sync, as `model(src)`'s would be.
    Invalid(
        """
        import torch
        def evaluate(model, loader):
            texts = []
            with torch.no_grad():
                for src, trg in loader:
                    logit = model.translate(src.cuda())
                    hyp = logit.argmax(dim=1)
                    texts.extend(decode(hyp.cpu()))
            return texts
        """,
        None,
        message="`hyp.cpu()` copies the tensor to the host",
        line=8,
    ),
    # An explicit wait every step that times nothing; it keeps no fix of another sync from being made.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            torch.cuda.synchronize()
            total += loss.item()
        print(total)
        """,
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            torch.cuda.synchronize()
            total += loss.detach().double()
        total = float(total)
        print(total)
        """,
        message="`torch.cuda.synchronize()` waits for the GPU every step, and the step reads no clock",
        line=8,
    ),
    # A file that names no device but whose loop runs a model it is given, from a caller in another
    # file (a parameter; an attribute `__init__` keeps from its argument): the caller puts the model on
    # its GPU, and each step waits here.
    Invalid(
        """
        import torch
        def evaluate(model, loader, criterion):
            model.eval()
            with torch.no_grad():
                for x, y in loader:
                    out = model(x)
                    print(criterion(out, y).item())
        """,
        None,
        message="copies the value to the host and waits for the GPU every step",
        line=7,
    ),
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model, optimizer):
                self.model = model
                self.optimizer = optimizer

            def train_epoch(self, loader):
                model = self.model
                for x, y in loader:
                    loss = model(x, y)
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                    print("loss", loss.item())
        """,
        None,
        line=14,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        running = 0.0  # summed over the epoch
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item()
        print(running / len(loader))
        """,
        """
        import torch
        device = torch.device("cuda")
        running = 0.0  # summed over the epoch
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.detach().double()
        running = float(running)
        print(running / len(loader))
        """,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def train(model, loader, opt, loss_fn, epochs):
            for epoch in range(epochs):
                total = 0.0
                for x, y in loader:
                    opt.zero_grad()
                    loss = loss_fn(model(x), y)
                    loss.backward()
                    opt.step()
                    total += loss.item() * x.size(0)
                print(epoch, total)
        """,
        """
        import torch
        device = torch.device("cuda")
        def train(model, loader, opt, loss_fn, epochs):
            for epoch in range(epochs):
                total = 0.0
                for x, y in loader:
                    opt.zero_grad()
                    loss = loss_fn(model(x), y)
                    loss.backward()
                    opt.step()
                    total += loss.detach().double() * x.size(0)
                total = float(total)
                print(epoch, total)
        """,
    ),
    # Printing and branching on tensors: reported, the fix is the author's.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        best = None
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            print("loss", loss)
            if best is None or loss < best:
                best = loss.detach()
        """
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        history = []
        for batch in loader:
            out = model(batch)
            loss = out.pow(2).mean()
            loss.backward()
            optimizer.step()
            history.append(loss.item())
            preds = out.argmax(-1).tolist()
            value = float(loss)
        """
    ),
    # The loop reads the accumulator (it would see a tensor): report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
            pbar.set_postfix(avg=total / (i + 1))
        """
    ),
    # An int count of comparisons: kept on the device as an int64 tensor (exact), an int again after.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        for x, y in loader:
            out = model(x)
            criterion(out, y).backward()
            optimizer.step()
            correct += (out.argmax(1) == y).sum().item()
        """,
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        for x, y in loader:
            out = model(x)
            criterion(out, y).backward()
            optimizer.step()
            correct += (out.argmax(1) == y).sum()
        correct = int(correct)
        """,
    ),
    # An int sum of what may be a float or an int (`acc` of an unshown dtype): its type after the loop
    # depends on the tensor's dtype; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        for x, y in loader:
            out = model(x)
            criterion(out, y).backward()
            optimizer.step()
            correct += out.argmax(1).eq(y).sum().item() * 2
            hits += out.max().item()
        """
    ),
    # Formatting a tensor in an f-string is a sync too.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        while not done:
            loss = net(x).sum()
            loss.backward()
            optim.step()
            log.write(f"{loss:.3f}\\n")
        """
    ),
    # A function that takes one training step runs once per step: so do its syncs, and those of
    # the helpers it calls.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def accuracy(out, y):
            return (out.argmax(1) == y).float().mean().item()

        def train_step(x, y):
            optimizer.zero_grad()
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            return loss.item(), accuracy(out, y)
        """,
        message="`(out.argmax(1) == y).float().mean().item()` copies the value",
        line=5,
    ),
    # A loop that calls a step function is a training loop; `loss.data[0]` is the pre-0.4 `.item()`.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def compute_loss(batch):
            loss = criterion(model(batch), batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            return loss

        for frame in range(frames):
            loss = compute_loss(buffer.sample())
            losses.append(loss.data[0])
        """,
        message="pre-0.4 spelling of `.item()`",
    ),
    # The parameters of a model are tensors; so is what `self.image` was moved to.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for x, y in loader:
            self.image = self.image.cuda()
            criterion(model(self.image), y).backward()
            norm = 0.0
            for p in model.parameters():
                norm += p.grad.norm().item()
            optimizer.step()
            self.frames.append(self.image.cpu())
        """,
        message="`p.grad.norm().item()` copies the value",
    ),
    # An int start for a loss's sum (it becomes a float at the first step), a few statements before.
    Invalid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        criterion = nn.CrossEntropyLoss()
        total = 0
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(total / len(loader))
        """,
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        criterion = nn.CrossEntropyLoss()
        total = 0
        model.train()
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.detach().double()
        total = float(total)
        print(total / len(loader))
        """,
        message="convert once after the loop",
        line=11,
    ),
    # `a, b = 0, 0` starts, and the sum read where the loop logs (every N steps) and reset there.
    Invalid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        criterion = nn.MSELoss()
        running, steps = 0, 0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item()
            if i % 100 == 99:
                print("loss %.3f" % (running / 100))
                running = 0.0
        """,
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        criterion = nn.MSELoss()
        running, steps = 0, 0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.detach().double()
            if i % 100 == 99:
                print("loss %.3f" % (float(running) / 100))
                running = 0.0
        running = float(running)
        """,
        line=10,
    ),
    # An int start for a sum of what the loop calls `.backward()` on: autograd needs a floating tensor,
    # so `.item()` gives a float and the int start became a float after the first step anyway.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        seen, total = 0, 0
        for x, y in loader:
            loss = model(x).sum()
            loss.backward()
            optimizer.step()
            total += loss.item()
        """,
        """
        import torch
        device = torch.device("cuda")
        seen, total = 0, 0
        for x, y in loader:
            loss = model(x).sum()
            loss.backward()
            optimizer.step()
            total += loss.detach().double()
        total = float(total)
        """,
        line=8,
    ),
    # An int start for a sum of what may be ints (indices summed: an int64 tensor whose `.item()` is an
    # int), neither a count of comparisons nor shown to be floating: the sum must stay an int; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        seen, total = 0, 0
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += model(x).argmax(1).sum().item()
        """
    ),
    # Floating by construction from an int start: a true division (`hits / n`, an accuracy, even of an
    # integer count), a loss function handed on by name (`loss_fn = F.cross_entropy`), and what the file's
    # own function returns when every return is such a value; both sums go, so both are fixed.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        loss_fn = F.cross_entropy

        def accuracy(out, y):
            hits = (out.argmax(1) == y).sum()
            return hits / len(y)

        def evaluate(model, loader):
            total_loss, total_acc = 0, 0
            with torch.no_grad():
                for x, y in loader:
                    out = model(x)
                    total_loss += loss_fn(out, y).item()
                    total_acc += accuracy(out, y).item()
            return total_loss / len(loader), total_acc / len(loader)
        """,
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        loss_fn = F.cross_entropy

        def accuracy(out, y):
            hits = (out.argmax(1) == y).sum()
            return hits / len(y)

        def evaluate(model, loader):
            total_loss, total_acc = 0, 0
            with torch.no_grad():
                for x, y in loader:
                    out = model(x)
                    total_loss += loss_fn(out, y).detach().double()
                    total_acc += accuracy(out, y).detach().double()
                total_loss = float(total_loss)
                total_acc = float(total_acc)
            return total_loss / len(loader), total_acc / len(loader)
        """,
        line=15,
    ),
    # A count copied to the host every batch, `correct += (pred == y).cpu().sum()` (a CPU int64 tensor,
    # no `.item()`), from an int and read only after the loop: counted on the device and copied once
    # after it, as the same CPU tensor (the int it started as when the loop never ran).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                pred = model(x).argmax(1)
                correct += pred.eq(y.data).cpu().sum()
        print("accuracy {}".format(100.0 * correct / len(loader.dataset)))
        """,
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                pred = model(x).argmax(1)
                correct += pred.eq(y.data).sum()
            correct = correct.cpu() if torch.is_tensor(correct) else correct
        print("accuracy {}".format(100.0 * correct / len(loader.dataset)))
        """,
        message="count on the device",
        line=7,
    ),
    # The same count read every step (the running accuracy printed): it must be on the host there.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        for i, (x, y) in enumerate(loader):
            pred = model(x).argmax(1)
            correct += (pred == y).cpu().sum()
            print(i, correct)
        """
    ),
    # A float sum copied to the host: a device's reduction rounds in another order than the host's, so
    # its digits may differ; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        err = 0
        with torch.no_grad():
            for x, y in loader:
                err += (model(x) - y).abs().cpu().sum()
        print(err)
        """
    ),
    # `100.0 * hits / n`: a Python float times an integer tensor is floating too.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total_acc = 0
        for x, y in loader:
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            acc = 100.0 * (out.argmax(1) == y).sum() / len(y)
            total_acc += acc.item()
        print(total_acc / len(loader))
        """,
        """
        import torch
        device = torch.device("cuda")
        total_acc = 0
        for x, y in loader:
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            acc = 100.0 * (out.argmax(1) == y).sum() / len(y)
            total_acc += acc.detach().double()
        total_acc = float(total_acc)
        print(total_acc / len(loader))
        """,
        line=10,
    ),
    # An evaluation loop (it runs a model on each batch, without training it) syncs every batch too;
    # its sums are kept on the device like a training loop's, started before the `with`.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                correct += (model(x).argmax(1) == y).sum().item()
        """,
        """
        import torch
        device = torch.device("cuda")
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                correct += (model(x).argmax(1) == y).sum()
            correct = int(correct)
        """,
        message="`(model(x).argmax(1) == y).sum().item()` copies the value",
        line=6,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def evaluate(net, loader):
            preds = []
            for batch in loader:
                out = net(batch["x"])
                preds.append(out.argmax(-1).to("cpu"))
            return preds
        """,
        message='`out.argmax(-1).to("cpu")` copies the tensor',
        line=8,
    ),
    # A module's forward runs every step: a truth test on a tensor and `.tolist()` there (and in the
    # helpers it calls) sync each time.
    Invalid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")

        class Decoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)

            def forward(self, h):
                h = self.fc(h)
                assert not torch.isnan(h).any()
                return self.trim(h)

            def trim(self, h):
                keep = (h.abs().sum(1) > 0).sum().tolist()
                return h[:keep]
        """,
        message="branching on it",
        line=12,
    ),
    # A branch taken every N steps that trains (`backward()`, `step()`) is a training step of its own.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for i, (x, y) in enumerate(loader):
            d_loss = d_net(x).mean() - d_net(g_net(z)).mean()
            d_loss.backward()
            d_opt.step()
            if (i + 1) % n_critic == 0:
                g_loss = -d_net(g_net(z)).mean()
                g_loss.backward()
                g_opt.step()
                log["g_loss"] = g_loss.item()
        """,
        message="`g_loss.item()` copies the value",
        line=11,
    ),
    # `math.isnan(t)`, `%` and `.format()` of tensors, a loss unpacked from a tuple, and `.item()` of
    # what an imported helper returns given device tensors (a float has no `.item()`).
    Invalid(
        """
        import math
        import torch
        from utils import accuracy, calc_loss
        device = torch.device("cuda")
        for x, y in loader:
            out = model(x)
            loss, nll = calc_loss(out, y)
            loss.backward()
            norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            skipped = math.isnan(norm)
            print("loss %.3f" % loss)
            print("norm {:.2f}".format(norm))
            acc = accuracy(out, y)
            history.append(acc.item())
        """,
        message="`math.isnan(norm)` converts the tensor",
        line=11,
    ),
    # A logger given a tensor reads it on the host, each step.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for step, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            writer.add_scalar("loss", loss, step)
            pbar.set_postfix(loss=loss)
        """,
        message="logging the tensor `loss`",
        line=7,
    ),
    # Evaluated every 5 epochs: each evaluation still waits once per batch.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for epoch in range(epochs):
            for x, y in loader:
                criterion(model(x), y).backward()
                optimizer.step()
            if epoch % 5 == 0:
                for x, y in val_loader:
                    val_loss += criterion(model(x), y).item()
        """,
        message="copies the value",
        line=9,
    ),
    # A model built elsewhere is known by its use (`.eval()`, `.parameters()`); a loop over batch numbers
    # whose counter picks the batch is a loop over batches.
    Invalid(
        """
        import torch
        from models import ResNet18
        device = torch.device("cuda")
        classifier_v2 = ResNet18().to(device)
        classifier_v2.eval()
        for i in range(0, len(data), bs):
            out = classifier_v2(data[i : i + bs])
            hits += (out.argmax(1) == labels[i : i + bs]).sum().item()
        """,
        message="copies the value",
        line=8,
    ),
    # A module's buffers and parameters live on its device: reading one in `forward` waits each step.
    Invalid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")

        class ActNorm(nn.Module):
            def __init__(self, channels):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(1, channels, 1, 1))
                self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))

            def forward(self, x):
                if self.scale is None:
                    return x
                if self.initialized.item() == 0:
                    self.initialized.fill_(1)
                return x * self.scale
        """,
        message="`self.initialized.item()` copies the value",
        line=14,
    ),
    # A file that moves its data with a `to_gpu` helper puts its work on a GPU.
    Invalid(
        """
        import torch
        from utils import to_gpu
        for x, y in loader:
            x, y = to_gpu(x), to_gpu(y)
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        """,
        message="`loss.item()` copies the value",
        line=8,
    ),
    # A file of modules runs where its importer puts the model: its forward's syncs count.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Gate(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 1)

            def forward(self, x):
                score = self.fc(x).mean()
                return x if float(score) > 0 else -x
        """,
        message="`float(score)` of a tensor",
        line=11,
    ),
    # Lightning calls a LightningModule's `training_step` on every batch, already on the device.
    Invalid(
        """
        import torch
        import pytorch_lightning as pl
        import torch.nn.functional as F

        class Classifier(pl.LightningModule):
            def forward(self, x):
                return self.net(x)

            def training_step(self, batch, batch_idx):
                x, y = batch
                loss = F.cross_entropy(self(x), y)
                self.log("loss", loss)
                self.seen.append(loss.item())
                return loss
        """,
        message="`loss.item()` copies the value",
        line=13,
    ),
    # A device `torch.accelerator` picks may be Apple's MPS, which has no float64: the tensor's own
    # device chooses at run time, a float64 sum on CUDA or the CPU (the host's digits), the host's
    # `.item()` elsewhere (as before).
    Invalid(
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            running += loss.item()
        print(running / len(loader))
        """,
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            running += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()
        running = float(running)
        print(running / len(loader))
        """,
        message="there the value is still read every step",
        line=10,
    ),
    # A value that is not a name is not spelled twice: it is named first, on a line of its own.
    Invalid(
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x.to(device))
            criterion(out, y.to(device)).backward()
            optimizer.step()
            # the mean error
            running += (out - y.to(device)).abs().mean().item()  # per batch
        print(running / len(loader))
        """,
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x.to(device))
            criterion(out, y.to(device)).backward()
            optimizer.step()
            # the mean error
            running_term = (out - y.to(device)).abs().mean()
            running += running_term.detach().double() if running_term.device.type in ("cuda", "cpu") else running_term.item()  # per batch
        running = float(running)
        print(running / len(loader))
        """,
        message="there the value is still read every step",
        line=11,
    ),
    # Where it cannot be named first (a line of two statements), the sum is kept in float32, which every
    # device has.
    Invalid(
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x.to(device))
            criterion(out, y.to(device)).backward()
            optimizer.step()
            seen = True; running += (out - y.to(device)).abs().mean().item()
        print(running / len(loader))
        """,
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x.to(device))
            criterion(out, y.to(device)).backward()
            optimizer.step()
            seen = True; running += (out - y.to(device)).abs().mean().detach().float()
        running = float(running)
        print(running / len(loader))
        """,
        message="summed in float32",
        line=10,
    ),
    # Scaled by the batch size: the choice is one operand, in parentheses.
    Invalid(
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            batch_loss = loss.item() * x.size(0)
            running += batch_loss
            if len(x) < 2:
                print(batch_loss)
        print(running / len(loader))
        """,
        """
        import torch
        device = torch.accelerator.current_accelerator()
        model.to(device)
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            batch_loss = (loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()) * x.size(0)
            running += batch_loss
            if len(x) < 2:
                print(float(batch_loss))
        running = float(running)
        print(running / len(loader))
        """,
        message="still read every step",
        line=10,
    ),
    # A device from the command line may be anything, MPS included.
    Invalid(
        """
        import torch
        def train(model, loader, opt, loss_fn, args):
            model.to(args.device)
            total = 0.0
            for x, y in loader:
                opt.zero_grad()
                loss = loss_fn(model(x.to(args.device)), y.to(args.device))
                loss.backward()
                opt.step()
                total += loss.item()
            return total / len(loader)
        """,
        """
        import torch
        def train(model, loader, opt, loss_fn, args):
            model.to(args.device)
            total = 0.0
            for x, y in loader:
                opt.zero_grad()
                loss = loss_fn(model(x.to(args.device)), y.to(args.device))
                loss.backward()
                opt.step()
                total += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()
            total = float(total)
            return total / len(loader)
        """,
        message="Apple's MPS",
    ),
    # A helper's result given device tensors is a device tensor: logging it reads it on the host.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def accuracy(out, y):
            return (out.argmax(1) == y).float().mean()
        def log_step(step, out, y):
            acc = accuracy(out, y)
            writer.add_scalar("acc", acc, step)
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device), y.to(device)
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            log_step(step, out, y)
        """,
        None,
        message="logging the tensor `acc`",
        line=7,
    ),
    # A method of the file's own class called on its instance every step (`agent.act(state)`).
    Invalid(
        """
        import torch
        import torch.nn as nn
        device = torch.device("cuda")
        class Policy(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 2)
            def forward(self, x):
                return torch.softmax(self.fc(x), -1)
            def act(self, state):
                probs = self.forward(torch.from_numpy(state).float().to(device))
                return probs.data.cpu().numpy()
        policy = Policy().to(device)
        for episode in range(100):
            probs = policy.act(env.reset())
            loss = -policy(torch.zeros(4, device=device)).sum()
            loss.backward()
            optimizer.step()
        """,
        None,
        message="`probs.data.cpu()`",
        line=12,
    ),
    # `forward` of a module whose base class is in another file: it builds layers, it runs every step.
    Invalid(
        """
        import torch
        import torch.nn as nn
        from base import BaseModel
        class Net(BaseModel):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
            def forward(self, x):
                h = self.fc(x)
                assert not torch.isnan(h).any()
                return h
        """,
        None,
        message="branching on it",
        line=10,
    ),
    # The next line reads the loss again (`history.append(loss.item())`), what the line before copied: both
    # reads are fixed together, so no sync is left in the step.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        epoch_loss = 0.0
        history = []
        for x, y in loader:
            loss = F.cross_entropy(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
            history.append(loss.item())
        """,
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        epoch_loss = 0.0
        history = []
        for x, y in loader:
            loss = F.cross_entropy(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            epoch_loss += loss.detach().double()
            history.append(loss.detach())
        epoch_loss = float(epoch_loss)
        history = torch.stack(history).tolist() if history else []
        """,
    ),
    # What a function the file does not show returns may be a NumPy number (which has `.item()` too, but
    # no `.detach()`): the sync is reported, the sum is left to the author.
    Invalid(
        """
        import torch
        from metrics import score
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            loss.backward()
            optimizer.step()
            total += score(out, y).item()
        print(total)
        """,
        None,
        message="`score(out, y).item()`",
        line=10,
    ),
    # A step taken by a method of the file's class on its instance (`trainer.train_step(x, y)`): the loop
    # around the call is a training loop.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        class Trainer:
            def __init__(self, model, opt):
                self.model = model
                self.opt = opt
            def train_step(self, x, y):
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                return loss
        trainer = Trainer(model.to(device), opt)
        for x, y in loader:
            loss = trainer.train_step(x.to(device), y.to(device))
            print(f"loss {loss.item():.3f}")
        """,
        None,
        message="`loss.item()`",
        line=17,
    ),
    # Pre-0.4 code read any one-element tensor's number with `.data[0]`: summed or kept in a list, it is
    # read on the host every step.
    Invalid(
        """
        import torch
        model = model.cuda()
        total, rewards = 0.0, []
        for x, y in loader:
            L = -elbo(x.cuda(), y.cuda())
            R = model(x.cuda())
            (L + R.sum()).backward()
            optimizer.step()
            total += L.data[0]
            rewards.append(R[0].data[0])
        """,
        None,
        message="reads a number the pre-0.4 way",
        line=9,
    ),
    # A model's output object (`outputs.loss`, `outputs.logits`, Hugging Face style) holds tensors.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total_loss = 0.0
        for batch in loader:
            outputs = model(**{k: v.to(device) for k, v in batch.items()})
            loss = outputs.loss
            loss.backward()
            optimizer.step()
            total_loss += loss.item()
        print(total_loss)
        """,
        """
        import torch
        device = torch.device("cuda")
        total_loss = 0.0
        for batch in loader:
            outputs = model(**{k: v.to(device) for k, v in batch.items()})
            loss = outputs.loss
            loss.backward()
            optimizer.step()
            total_loss += loss.detach().double()
        total_loss = float(total_loss)
        print(total_loss)
        """,
        line=9,
    ),
    # `forward(self, x: Tensor)`: an annotated input is the module's input all the same.
    Invalid(
        """
        import torch
        import torch.nn as nn
        from torch import Tensor
        class Head(nn.Module):
            def forward(self, x: Tensor) -> Tensor:
                if x.abs().max() > 100:
                    x = x.clamp(-100, 100)
                return x
        """,
        None,
        message="branching on it",
        line=6,
    ),
    # Values kept per step in a list the loop does not read: appended as tensors, read once after.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        plot(losses)
        """,
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
        losses = torch.stack(losses).tolist() if losses else []
        plot(losses)
        """,
        line=8,
    ),
    # A value not shown to be one number (`out[0]` may have shape [1]): appended as `.item()` would read
    # it, one element whatever its shape, so the stack is a vector and not a column.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        scores = []
        for x in loader:
            out = model(x.to(device))
            scores.append(out[0].item())
        plot(scores)
        """,
        """
        import torch
        device = torch.device("cuda")
        scores = []
        for x in loader:
            out = model(x.to(device))
            scores.append(out[0].detach().reshape(()))
        scores = torch.stack(scores).tolist() if scores else []
        plot(scores)
        """,
        line=6,
    ),
    # A list the loop reads (`losses[-10:]`) must hold numbers on every step: report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            if sum(losses[-10:]) < 0.1:
                break
        """,
        None,
        line=8,
    ),
    # A function registered as a hook runs on every forward (or backward), given the tensors.
    Invalid(
        """
        import torch
        model = Net().cuda()
        stats = {}
        def keep_stats(module, inputs, output):
            stats[module] = output.abs().mean().item()
        for layer in model.children():
            layer.register_forward_hook(keep_stats)
        """,
        None,
        message="`output.abs().mean().item()`",
        line=5,
    ),
    # A step function's returned number, summed by its caller's loop and read where it logs: returned as
    # a float64 tensor, summed on the device, read back once after the loop.
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            optimizer.zero_grad()
            output = model(x.cuda())
            loss = criterion(output, y.cuda())
            loss.backward()
            optimizer.step()
            return output, loss.item()
        current_loss = 0
        for it in range(1, n_iters + 1):
            output, loss = train(*sample())
            current_loss += loss
            if it % 100 == 0:
                print("%d %.4f" % (it, loss))
                all_losses.append(current_loss / 100)
                current_loss = 0
        """,
        """
        import torch
        model.cuda()
        def train(x, y):
            optimizer.zero_grad()
            output = model(x.cuda())
            loss = criterion(output, y.cuda())
            loss.backward()
            optimizer.step()
            return output, loss.detach().double()
        current_loss = 0
        for it in range(1, n_iters + 1):
            output, loss = train(*sample())
            current_loss += loss
            if it % 100 == 0:
                print("%d %.4f" % (it, loss))
                all_losses.append(float(current_loss) / 100)
                current_loss = 0
        current_loss = float(current_loss)
        """,
        message="return it as a tensor",
        line=9,
    ),
    # Printed as it is (`print("loss", loss)` would show `tensor(...)`): read with `float(...)` there.
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            return loss.item()
        for it, (x, y) in enumerate(loader):
            loss = train(x, y)
            if it % 100 == 0:
                print("loss", loss)
        """,
        """
        import torch
        model.cuda()
        def train(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            return loss.detach().double()
        for it, (x, y) in enumerate(loader):
            loss = train(x, y)
            if it % 100 == 0:
                print("loss", float(loss))
        """,
        line=7,
    ),
    # Divided by a number argparse made, in a loop under `try:` (stopped with Ctrl-C): the sum started
    # before the `try`, which nothing after the loop reads, is read back at the end of the loop.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--chunk_len", type=int, default=200)
        args = parser.parse_args()
        decoder.cuda()
        def train(inp, target):
            decoder.zero_grad()
            loss = criterion(decoder(inp.cuda()), target.cuda())
            loss.backward()
            optimizer.step()
            return loss.item() / args.chunk_len
        loss_avg = 0
        try:
            for epoch in range(1, 1000):
                loss = train(*random_training_set())
                loss_avg += loss
                if epoch % 100 == 0:
                    print("[%d %.4f]" % (epoch, loss))
        except KeyboardInterrupt:
            save()
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--chunk_len", type=int, default=200)
        args = parser.parse_args()
        decoder.cuda()
        def train(inp, target):
            decoder.zero_grad()
            loss = criterion(decoder(inp.cuda()), target.cuda())
            loss.backward()
            optimizer.step()
            return loss.detach().double() / args.chunk_len
        loss_avg = 0
        try:
            for epoch in range(1, 1000):
                loss = train(*random_training_set())
                loss_avg += loss
                if epoch % 100 == 0:
                    print("[%d %.4f]" % (epoch, loss))
            loss_avg = float(loss_avg)
        except KeyboardInterrupt:
            save()
        """,
        line=12,
    ),
    # A step that still waits in a loop of its own (`if ni == EOS_token: break` on a tensor): returning a
    # tensor saves nothing, reported with what still waits.
    Invalid(
        """
        import torch
        decoder.cuda()
        def train(x, y):
            loss = 0
            inp = x.cuda()
            for di in range(len(y)):
                out = decoder(inp)
                loss += criterion(out, y[di].cuda())
                ni = out.argmax()
                if ni == EOS_token:
                    break
            loss.backward()
            optimizer.step()
            return loss.item() / len(y)
        total = 0
        for x, y in pairs:
            loss = train(x, y)
            total += loss
        """,
        None,
        message="once the step stops waiting in `ni == EOS_token`",
        line=10,
    ),
    # Only reported: the caller keeps every step's value (it stays a host number), the function is handed
    # on (it may be called where the code does not show), the sum is read by the `except` that stops
    # the loop halfway.
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            return loss.item()
        for x, y in loader:
            loss = train(x, y)
            history.append(loss)
        """,
        None,
        message="`train` returns the number every step, and no fix follows it into every caller",
        line=7,
    ),
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            return loss.item()
        total = 0.0
        for x, y in loader:
            loss = train(x, y)
            total += loss
        schedule(train)
        """,
        None,
        message="`train` returns the number every step, and no fix follows it into every caller",
        line=7,
    ),
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            return loss.item()
        total = 0.0
        try:
            for x, y in loader:
                loss = train(x, y)
                total += loss
        except KeyboardInterrupt:
            print(total)
        """,
        None,
        message="`train` returns the number every step, and no fix follows it into every caller",
        line=7,
    ),
    # The caller reads the value in the branch that makes it (`if ready:`), so each value made is read
    # there: no logging point to defer to, and `float(loss)` there would only move the wait.
    Invalid(
        """
        import torch
        model.cuda()
        def update(x):
            loss = model(x.cuda()).mean()
            loss.backward()
            optimizer.step()
            return loss.item()
        losses = []
        for step, x in enumerate(loader):
            if step >= warmup:
                loss = update(x)
                losses.append(loss)
            if step % 200 == 0:
                plot(losses)
        """,
        None,
        message="`update` returns the number every step, and no fix follows it into every caller",
        line=7,
    ),
    # A trainer's step method, called only as `self.train_step(...)` from the epoch loop of another of its
    # methods, which sums it and logs it: the same fix as a step function's (the method returns the
    # detached float64 tensor; the log formats `float(loss)`, the sum is read back after the loop).
    Invalid(
        """
        import torch
        from torch import nn
        class Trainer:
            def __init__(self, model, loader):
                self.model = model.cuda()
                self.loader = loader
                self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
            def train_step(self, x, y):
                self.optimizer.zero_grad()
                loss = nn.functional.mse_loss(self.model(x.cuda()), y.cuda())
                loss.backward()
                self.optimizer.step()
                return loss.item()
            def train_epoch(self):
                total_loss = 0.0
                for i, (x, y) in enumerate(self.loader):
                    loss = self.train_step(x, y)
                    total_loss += loss
                    if i % 100 == 0:
                        print(f"step {i} loss {loss:.4f}")
                return total_loss / len(self.loader)
        """,
        """
        import torch
        from torch import nn
        class Trainer:
            def __init__(self, model, loader):
                self.model = model.cuda()
                self.loader = loader
                self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
            def train_step(self, x, y):
                self.optimizer.zero_grad()
                loss = nn.functional.mse_loss(self.model(x.cuda()), y.cuda())
                loss.backward()
                self.optimizer.step()
                return loss.detach().double()
            def train_epoch(self):
                total_loss = 0.0
                for i, (x, y) in enumerate(self.loader):
                    loss = self.train_step(x, y)
                    total_loss += loss
                    if i % 100 == 0:
                        print(f"step {i} loss {float(loss):.4f}")
                total_loss = float(total_loss)
                return total_loss / len(self.loader)
        """,
        line=13,
    ),
    # `total += self.train_step(x, y)` is such a sum of its own.
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            def train_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                return loss.item()
            def fit(self, loader, epochs):
                for epoch in range(epochs):
                    total = 0.0
                    for x, y in loader:
                        total += self.train_step(x, y)
                    print(epoch, total / len(loader))
        """,
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            def train_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                return loss.detach().double()
            def fit(self, loader, epochs):
                for epoch in range(epochs):
                    total = 0.0
                    for x, y in loader:
                        total += self.train_step(x, y)
                    total = float(total)
                    print(epoch, total / len(loader))
        """,
        line=9,
    ),
    # An evaluation step under `@torch.no_grad()` (the decorator only sets the grad mode; it returns what
    # the method returns).
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            @torch.no_grad()
            def eval_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                return loss.item()
            def evaluate(self, loader):
                total = 0.0
                for x, y in loader:
                    total += self.eval_step(x, y)
                return total / len(loader)
        """,
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            @torch.no_grad()
            def eval_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                return loss.detach().double()
            def evaluate(self, loader):
                total = 0.0
                for x, y in loader:
                    total += self.eval_step(x, y)
                total = float(total)
                return total / len(loader)
        """,
        line=8,
    ),
    # Two numbers returned, each summed and logged by the caller: both are returned as tensors (the fix of
    # the first carries the second's too).
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            acc = (out.argmax(1) == y.cuda()).float().mean()
            loss.backward()
            optimizer.step()
            return loss.item(), acc.item()
        total_loss = 0.0
        total_acc = 0.0
        for i, (x, y) in enumerate(loader):
            loss, acc = train(x, y)
            total_loss += loss
            total_acc += acc
            if i % 10 == 0:
                print(f"{i} loss {loss:.4f} acc {acc:.3f}")
        print(total_loss / len(loader), total_acc / len(loader))
        """,
        """
        import torch
        model.cuda()
        def train(x, y):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            acc = (out.argmax(1) == y.cuda()).float().mean()
            loss.backward()
            optimizer.step()
            return loss.detach().double(), acc.detach().double()
        total_loss = 0.0
        total_acc = 0.0
        for i, (x, y) in enumerate(loader):
            loss, acc = train(x, y)
            total_loss += loss
            total_acc += acc
            if i % 10 == 0:
                print(f"{i} loss {float(loss):.4f} acc {float(acc):.3f}")
        total_loss = float(total_loss)
        total_acc = float(total_acc)
        print(total_loss / len(loader), total_acc / len(loader))
        """,
        line=9,
    ),
    # Only reported: one of the two is used as a number in the step (`best = max(best, acc)`).
    Invalid(
        """
        import torch
        model.cuda()
        def train(x, y):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            acc = (out.argmax(1) == y.cuda()).float().mean()
            loss.backward()
            optimizer.step()
            return loss.item(), acc.item()
        total_loss = 0.0
        best = 0.0
        for x, y in loader:
            loss, acc = train(x, y)
            total_loss += loss
            best = max(best, acc)
        """,
        None,
        message="`train` returns the number every step, and no fix follows it into every caller",
        line=9,
    ),
    # Only reported: a count returned beside the output, read back where the caller logs (as a float it
    # would print `5.0` for `5`).
    Invalid(
        """
        import torch
        model.cuda()
        def evaluate(x, y):
            out = model(x.cuda())
            correct = (out.argmax(1) == y.cuda()).sum()
            return out, correct.item()
        for i, (x, y) in enumerate(loader):
            out, hits = evaluate(x, y)
            if i % 10 == 0:
                print("correct", hits)
        """,
        None,
        message="`evaluate` returns the number every step, and no fix follows it into every caller",
        line=6,
    ),
    # Only reported: the method is called from outside its class too (`trainer.train_step(...)` would get
    # the tensor), a subclass overrides it (its callers may run either), or it is decorated (a static
    # method or a wrapper may be called some other way).
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            def train_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                return loss.item()
            def fit(self, loader):
                total = 0.0
                for x, y in loader:
                    total += self.train_step(x, y)
                return total
        trainer = Trainer(model)
        for x, y in warmup:
            history.append(trainer.train_step(x, y))
        """,
        None,
        message="`train_step` returns the number every step, and no fix follows it into every caller",
        line=9,
    ),
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            def train_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                return loss.item()
            def fit(self, loader):
                total = 0.0
                for x, y in loader:
                    total += self.train_step(x, y)
                return total
        class ClippedTrainer(Trainer):
            def train_step(self, x, y):
                return min(super().train_step(x, y), 10.0)
        """,
        None,
        message="`train_step` returns the number every step, and no fix follows it into every caller",
        line=9,
    ),
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model):
                self.model = model.cuda()
            @some_wrapper
            def train_step(self, x, y):
                loss = criterion(self.model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                return loss.item()
            def fit(self, loader):
                total = 0.0
                for x, y in loader:
                    total += self.train_step(x, y)
                return total
        """,
        None,
        message="`train_step` returns the number every step, and no fix follows it into every caller",
        line=10,
    ),
    # An engine calls the functions put in its hooks under a per-batch event, and the function handed to
    # its `train`, on every batch: their state and batch are values the code does not show.
    Invalid(
        """
        import torch
        from torchnet.engine import Engine
        model = model.cuda()
        def h(sample):
            out = model(sample[0].cuda())
            return criterion(out, sample[1].cuda()), out
        def on_forward(state):
            meter_loss.add(state["loss"].item())
        engine = Engine()
        engine.hooks["on_forward"] = on_forward
        engine.train(h, loader, 10, optimizer)
        """,
        None,
        message='`state["loss"].item()`',
        line=8,
    ),
    Invalid(
        """
        import torch
        from torchnet.engine import Engine
        model = model.cuda()
        def h(sample):
            out = model(sample[0].cuda())
            print(sample[1].item(), out.max().item())
            return criterion(out, sample[1].cuda()), out
        engine = Engine()
        engine.hooks["on_sample"] = lambda state: None
        engine.train(h, loader, 10, optimizer)
        """,
        None,
        message="`out.max().item()`",
        line=6,
    ),
    # The pre-0.4 `Variable(x.cuda())` is the device tensor it wraps.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        model.cuda()
        for x, y in loader:
            x, y = Variable(x.cuda()), Variable(y.cuda())
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if y.sum() > 0:
                seen.append(x.data.cpu().numpy())
        """,
        None,
        message="`y.sum() > 0` is a tensor",
        line=9,
    ),
    # A trainer's evaluation loop runs `self.model`.
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model, val_loader, device):
                self.model = model.to(device)
                self.val_loader = val_loader
                self.device = device

            def validate(self):
                self.model.eval()
                with torch.no_grad():
                    for x, y in self.val_loader:
                        logits = self.model(x.to(self.device))
                        print((logits.argmax(1) == y.to(self.device)).float().mean().item())
        """,
        message="copies the value to the host",
        line=13,
    ),
    # A `while` loop (or a loop over numbers) that draws its batches with `next(it)` evaluates batch by
    # batch: the count stays on the device.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def validate(net, loader):
            it = iter(loader)
            hits = 0
            while True:
                try:
                    x, y = next(it)
                except StopIteration:
                    break
                out = net(x.to(device))
                hits += (out.argmax(1) == y.to(device)).sum().item()
            return hits / len(loader.dataset)
        """,
        """
        import torch
        device = torch.device("cuda")
        def validate(net, loader):
            it = iter(loader)
            hits = 0
            while True:
                try:
                    x, y = next(it)
                except StopIteration:
                    break
                out = net(x.to(device))
                hits += (out.argmax(1) == y.to(device)).sum()
            hits = int(hits)
            return hits / len(loader.dataset)
        """,
    ),
    # A loop over a loader takes a batch each time, also where a loop of its own runs the model (crop by
    # crop).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        with torch.no_grad():
            for images, labels in test_loader:
                labels = labels.to(device)
                scores = [model(crop.to(device)) for crop in images.unbind(1)]
                for crop in images.unbind(1):
                    scores.append(model(crop.to(device)))
                pred = torch.stack(scores).mean(0).argmax(1)
                print((pred == labels).float().mean().item())
        """,
        line=10,
    ),
    # Evaluation every N steps, inside the training loop: each of its batches waits.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for step, (x, y) in enumerate(train_loader):
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 500 == 0:
                for vx, vy in val_loader:
                    out = model(vx.to(device))
                    print(criterion(out, vy.to(device)).item())
        """,
        line=11,
    ),
    # `.item()` and `.cpu()` only exist on tensors (and NumPy values, which the code does not show here):
    # the values of a dict of losses, a batch moved field by field.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for batch in train_loader:
            batch = {k: v.to(device) for k, v in batch.items()}
            loss_dict = model(**batch)
            loss = sum(loss_dict.values())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            logged = {k: v.item() for k, v in loss_dict.items()}
            hits = batch["labels"].cpu()
        """,
        message="`v.item()` copies the value to the host",
        line=10,
    ),
    # The pre-0.4 reading of a number handed to a meter (`meter.update(v, n)`), also of a value the code
    # does not show (`.data[0]` summed into a name).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for x, y in val_loader:
            out = net(x.to(device))
            meter.update(crit(out, y.to(device)).data[0], x.size(0))
            stats = tracker.summary()
            total += stats.data[0]
        """,
        message="reads a number the pre-0.4 way",
        line=5,
    ),
    # A sum of losses the code does not show that receives `.backward()` is a tensor; `.data[0]` formatted
    # into a message is read as a number.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for i, (x, y) in enumerate(loader):
            loss = adv_crit(disc(x.to(device)), True) + l1(gen(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            msg = "step %d loss %.3f" % (i, loss.data[0])
            print("loss", loss)
        """,
        message="is the pre-0.4 spelling of `.item()`",
        line=8,
    ),
    # A loop over a loader that runs the model through a method of its own: the method runs every batch.
    Invalid(
        """
        import torch
        class Evaluator:
            def __init__(self, model, loader, device):
                self.model = model.to(device)
                self.loader = loader
                self.device = device

            def batch_hits(self, x, y):
                logits = self.model(x.to(self.device))
                return (logits.argmax(1) == y.to(self.device)).sum().item()

            def run(self):
                for x, y in self.loader:
                    print(self.batch_hits(x, y))
        """,
        line=10,
    ),
    # A per-step value named first (`batch_loss = loss.item() * batch_size`, the batch size a size every
    # binding shows) and summed into two sums started by one chained assignment before an outer
    # `while`, read and reset where the loop logs: the value stays a float64 tensor, both sums stay on
    # the device, each read where it is logged (also the value itself there) and after the inner loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        step = cum_loss = report_loss = 0
        while True:
            for x, y in loader:
                step += 1
                batch_size = x.size(0)
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                batch_loss = loss.item() * batch_size
                report_loss += batch_loss
                cum_loss += batch_loss
                if step % 100 == 0:
                    print("loss %.3f (last %.3f)" % (report_loss / 100, batch_loss))
                    report_loss = last = 0.0
            if step > 1000:
                break
        print(cum_loss / step)
        """,
        """
        import torch
        device = torch.device("cuda")
        step = cum_loss = report_loss = 0
        while True:
            for x, y in loader:
                step += 1
                batch_size = x.size(0)
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                batch_loss = loss.detach().double() * batch_size
                report_loss += batch_loss
                cum_loss += batch_loss
                if step % 100 == 0:
                    print("loss %.3f (last %.3f)" % (float(report_loss) / 100, float(batch_loss)))
                    report_loss = last = 0.0
            cum_loss = float(cum_loss)
            report_loss = float(report_loss)
            if step > 1000:
                break
        print(cum_loss / step)
        """,
        message="accumulate it on the device",
        line=11,
    ),
    # The per-step value bound on either branch (a helper of the file reduces it across processes),
    # then summed: both bindings keep the tensor.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        def reduce_tensor(t, n):
            rt = t.clone()
            rt /= n
            return rt
        def validate(model, loader, distributed, n):
            with torch.no_grad():
                val_loss = 0.0
                for i, (x, y) in enumerate(loader):
                    loss = criterion(model(x), y)
                    if distributed:
                        reduced = reduce_tensor(loss.data, n).item()
                    else:
                        reduced = loss.item()
                    val_loss += reduced
                val_loss = val_loss / (i + 1)
            return val_loss
        """,
        """
        import torch
        device = torch.device("cuda")
        def reduce_tensor(t, n):
            rt = t.clone()
            rt /= n
            return rt
        def validate(model, loader, distributed, n):
            with torch.no_grad():
                val_loss = 0.0
                for i, (x, y) in enumerate(loader):
                    loss = criterion(model(x), y)
                    if distributed:
                        reduced = reduce_tensor(loss.data, n).detach().double()
                    else:
                        reduced = loss.detach().double()
                    val_loss += reduced
                val_loss = float(val_loss)
                val_loss = val_loss / (i + 1)
            return val_loss
        """,
        message="accumulate it on the device",
        line=13,
    ),
    # The named value also kept in a list every step: it must stay a float there; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        history = []
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            value = loss.item()
            total += value
            history.append(value)
        """
    ),
    # The named value read after the loop: it would be a tensor there; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            value = loss.item()
            total += value
        print(total, value)
        """
    ),
    # Scaled by a name the code shows may be a tensor (`n = mask.sum()`): a float64 tensor times a
    # float32 tensor is float64, where the host's float times it was float32; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y, mask in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            n = mask.sum()
            total += loss.item() * n
        """
    ),
    # The sum read in an `if` test, which runs every step: keeping it on the device saves nothing.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
            if total > 1000:
                break
        """
    ),
    # A sum scaled by the batch size, a size every binding shows (`batch_size = x.size(0)`).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            batch_size = x.size(0)
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item() * batch_size
        print(total / len(loader.dataset))
        """,
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            batch_size = x.size(0)
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.detach().double() * batch_size
        total = float(total)
        print(total / len(loader.dataset))
        """,
        line=9,
    ),
    # Losses kept in a list read only where the loop logs, which empties it after reading: the tensors
    # are appended, and the logging branch first reads them all with one copy (so does the code after
    # the loop); its length, read every step, is the same for tensors.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses.append(loss.item())
            loss.backward()
            optimizer.step()
            if len(losses) == 100:
                print("mean loss %.3f" % np.mean(losses))
                losses = []
        print(losses)
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses.append(loss.detach())
            loss.backward()
            optimizer.step()
            if len(losses) == 100:
                losses = torch.stack(losses).tolist() if losses else []
                print("mean loss %.3f" % np.mean(losses))
                losses = []
        losses = torch.stack(losses).tolist() if losses else []
        print(losses)
        """,
        message="accumulate it on the device",
        line=8,
    ),
    # `float(loss)` is the host's float64 of the loss, as `loss.item()` is: summed on the device in
    # float64 (an int start too: the first float made it a float), converted once after the loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total, n = 0, 0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            total += float(loss) * x.size(0)
            n += x.size(0)
        print(total / n)
        """,
        """
        import torch
        device = torch.device("cuda")
        total, n = 0, 0
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            total += loss.detach().double() * x.size(0)
            n += x.size(0)
        total = float(total)
        print(total / n)
        """,
        message="accumulate it on the device",
        line=9,
    ),
    # Where the file may pick a device without float64 (MPS), the loss's own device chooses at run time;
    # a sum read where the loop logs is read there with `float(...)`.
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "mps")
        total = 0.0
        for i, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            total += float(loss)
            if i % 100 == 99:
                print(total / 100)
                total = 0.0
        """,
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "mps")
        total = 0.0
        for i, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            total += loss.detach().double() if loss.device.type in ("cuda", "cpu") else float(loss)
            if i % 100 == 99:
                print(float(total) / 100)
                total = 0.0
        total = float(total)
        """,
        message="accumulate it on the device",
        line=9,
    ),
    # `float(...)` around `.item()` (a count's float): the same float64 sum on the device.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        with torch.no_grad():
            model.eval()
            tot, cor = 0.0, 0.0
            for x, y in test_loader:
                out = model(x.to(device)).argmax(dim=1)
                tot += float(x.size(0))
                cor += float((y.to(device) == out).sum().item())
            print(cor / tot)
        """,
        """
        import torch
        device = torch.device("cuda")
        with torch.no_grad():
            model.eval()
            tot, cor = 0.0, 0.0
            for x, y in test_loader:
                out = model(x.to(device)).argmax(dim=1)
                tot += float(x.size(0))
                cor += (y.to(device) == out).sum().detach().double()
            cor = float(cor)
            print(cor / tot)
        """,
        message="accumulate it on the device",
        line=9,
    ),
    # `losses.append(float(loss))` into a list started as `[]` and unused in the loop: the detached
    # losses are appended and read with one copy after the loop, the same floats.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            losses.append(float(loss))
        print(sum(losses) / len(losses))
        """,
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
        losses = torch.stack(losses).tolist() if losses else []
        print(sum(losses) / len(losses))
        """,
        line=9,
    ),
    # `float(...)` of a count (an int tensor): its `.tolist()` would give ints; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model.eval()
        hits = []
        for x, y in loader:
            out = model(x.to(device))
            hits.append(float((out.argmax(1) == y.to(device)).sum()))
        print(sum(hits))
        """
    ),
    # `float(...)` of what is not a name, on a file that may pick MPS: named first, on a line of its
    # own, so that its device chooses without computing it twice.
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "mps")
        model.eval()
        total = 0.0
        for x, y in loader:
            out = model(x.to(device))
            total += float(criterion(out, y.to(device)))
        print(total)
        """,
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "mps")
        model.eval()
        total = 0.0
        for x, y in loader:
            out = model(x.to(device))
            total_term = criterion(out, y.to(device))
            total += total_term.detach().double() if total_term.device.type in ("cuda", "cpu") else float(total_term)
        total = float(total)
        print(total)
        """,
        line=7,
    ),
    # Where the name is taken (or the sum shares its line), it cannot be named first; and a sum read
    # every step (the progress line): report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "mps")
        model.eval()
        total = 0.0
        for x, y in loader:
            out = model(x.to(device)); total += float(criterion(out, y.to(device)))
        print(total)
        """
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for i, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            total += float(loss)
            print(i, total / (i + 1))
        """
    ),
    # A dict of numbers started every step and read only where the loop logs: copies of the tensors are
    # stored on the device (a value changed in place later in the step keeps its stored value), and the
    # logging branch first reads them all with `.item()`: the same numbers, keys and order.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(loader):
            d_loss = criterion(D(x.to(device)), y.to(device))
            d_loss.backward()
            d_optimizer.step()
            stats = {}
            stats["D/loss"] = d_loss.item()
            if (i + 1) % n_critic == 0:
                g_loss = criterion(D(G(x.to(device))), y.to(device))
                g_loss.backward()
                g_optimizer.step()
                stats["G/loss"] = g_loss.item()
            if (i + 1) % log_step == 0:
                for tag, value in stats.items():
                    print("{}: {:.4f}".format(tag, value))
        """,
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(loader):
            d_loss = criterion(D(x.to(device)), y.to(device))
            d_loss.backward()
            d_optimizer.step()
            stats = {}
            stats["D/loss"] = d_loss.detach().clone()
            if (i + 1) % n_critic == 0:
                g_loss = criterion(D(G(x.to(device))), y.to(device))
                g_loss.backward()
                g_optimizer.step()
                stats["G/loss"] = g_loss.detach().clone()
            if (i + 1) % log_step == 0:
                stats = {k: v.item() for k, v in stats.items()}
                for tag, value in stats.items():
                    print("{}: {:.4f}".format(tag, value))
        """,
        message="read it only where the loop logs",
        line=9,
    ),
    # The dict written as one literal of `.item()`s (`dict(...)` too): the same fix.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for i, (x, y) in enumerate(loader):
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            loss.backward()
            optimizer.step()
            logs = {"loss": loss.item(), "hits": (out.argmax(1) == y.to(device)).sum().item()}
            if i % 10 == 0:
                print(logs)
        """,
        """
        import torch
        device = torch.device("cuda")
        for i, (x, y) in enumerate(loader):
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            loss.backward()
            optimizer.step()
            logs = {"loss": loss.detach().clone(), "hits": (out.argmax(1) == y.to(device)).sum().detach().clone()}
            if i % 10 == 0:
                logs = {k: v.item() for k, v in logs.items()}
                print(logs)
        """,
        message="read it only where the loop logs",
        line=8,
    ),
    # A literal that also holds numbers of its own (`**extra`, `"lr": lr`): they have no `.item()`;
    # report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            logs = {"loss": loss.item(), "lr": lr}
            if i % 10 == 0:
                print(logs)
        """
    ),
    # The dict read every step (a progress bar's postfix): the step needs the numbers; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(pbar):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            stats = {}
            stats["loss"] = loss.item()
            pbar.set_postfix(stats)
        """
    ),
    # Started before the loop, the dict would hold the numbers of an earlier log at the next one (a
    # second `.item()` of a float); read after the loop, it would hold tensors there; report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        stats = {}
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            stats["loss"] = loss.item()
            if i % 100 == 0:
                print(stats)
        """
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            stats = {}
            stats["loss"] = loss.item()
            if i % 100 == 0:
                print(stats)
        print(stats)
        """
    ),
    # A number stored beside the tensors (`lr` has no `.item()`), or a logging branch in a loop of its
    # own (it would convert twice a step): report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            stats = {}
            stats["loss"] = loss.item()
            stats["lr"] = scheduler.get_last_lr()[0]
            if i % 100 == 0:
                print(stats)
        """
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            stats = {}
            stats["loss"] = loss.item()
            for sink in sinks:
                if i % 100 == 0:
                    sink.write(stats)
        """
    ),
    # The list read where the loop logs but never emptied (`np.mean(losses[-100:])`): the tensors kept
    # since the last log go to a list of their own and are moved into it there with one copy (copying all
    # of the list at every logging point would cost more and more).
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses.append(loss.item())
            loss.backward()
            optimizer.step()
            if i % 100 == 0:
                print("mean loss %.3f" % np.mean(losses[-100:]))
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        losses_pending = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses_pending.append(loss.detach())
            loss.backward()
            optimizer.step()
            if i % 100 == 0:
                losses += torch.stack(losses_pending).tolist() if losses_pending else []
                losses_pending = []
                print("mean loss %.3f" % np.mean(losses[-100:]))
        losses += torch.stack(losses_pending).tolist() if losses_pending else []
        """,
    ),
    # A `break` between the copy and the reset would leave floats in the list: report only.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses.append(loss.item())
            loss.backward()
            optimizer.step()
            if i % 100 == 0:
                print("mean loss %.3f" % np.mean(losses))
                if np.mean(losses) < 0.01:
                    break
                losses = []
        """
    ),
    # Emptied before it is read: the read would see a list of tensors; report only.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        losses = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            losses.append(loss.item())
            loss.backward()
            optimizer.step()
            if i % 100 == 0:
                losses = []
            if i % 100 == 1:
                print("mean loss %.3f" % np.mean(losses))
        """
    ),
    # A value the code does not show to be 0-dim (`out[0]` may hold one element of a row): stacked, the
    # list would be a column of one-element lists; report only.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        scores = []
        for i, (x, y) in enumerate(loader):
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            scores.append(out[0].item())
            if i % 100 == 0:
                print("mean score %.3f" % np.mean(scores))
                scores = []
        """
    ),
    # A pre-0.4 number appended to a list held in a dict (`self.losses["gp"]`): a method of what no
    # dotted name spells is still the list's `append`.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        class Trainer:
            def train(self, loader):
                for x, y in loader:
                    out = self.model(x.cuda())
                    gp = ((out - y.cuda()) ** 2).mean()
                    (out.sum() + gp).backward()
                    self.opt.step()
                    self.losses["gp"].append(gp.data[0])
        """,
        message="reads a number the pre-0.4 way",
        line=10,
    ),
    # Reset by unpacking where the loop logs (`total, n = 0.0, 0`): a reset to a number like any other
    # (before, the read-back rewrote the target into `float(total), n = ...`, which does not parse).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        total, n = 0.0, 0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
            if i % 10 == 0:
                print("%d %.3f" % (i, total))
                total, n = 0.0, 0
        """,
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        total, n = 0.0, 0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.detach().double()
            if i % 10 == 0:
                print("%d %.3f" % (i, float(total)))
                total, n = 0.0, 0
        total = float(total)
        """,
        line=9,
    ),
    # A name bound by unpacking where the loop logs is no read of the value: report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        criterion = torch.nn.MSELoss()
        total = 0.0
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            value = loss.item()
            total += value
            if i % 10 == 0:
                value, shown = 0.0, total
        """
    ),
    # `.cpu().item()` reads the number `.item()` reads (a copy is exact): the same sum, kept on the device
    # without the copy (also through `.detach()`), and a count through `.cpu().sum()` (exact in int64).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total, correct = 0.0, 0
        for x, y in loader:
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.detach().cpu().item()
            correct += out.argmax(1).eq(y.to(device)).cpu().sum().item()
        print(total / len(loader), correct)
        """,
        """
        import torch
        device = torch.device("cuda")
        total, correct = 0.0, 0
        for x, y in loader:
            out = model(x.to(device))
            loss = criterion(out, y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.detach().double()
            correct += out.argmax(1).eq(y.to(device)).sum()
        total = float(total)
        correct = int(correct)
        print(total / len(loader), correct)
        """,
        message="`loss.detach().cpu().item()` copies the value to the host",
        line=10,
    ),
    # A list of `loss.cpu().item()`: the detached tensors, read with one copy after the loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.cpu().item())
        print(losses)
        """,
        """
        import torch
        device = torch.device("cuda")
        losses = []
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
        losses = torch.stack(losses).tolist() if losses else []
        print(losses)
        """,
    ),
    # A floating sum through `.cpu().sum()` is rounded on the host in the host's order: a device's
    # reduction may round otherwise, so it is reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.cpu().sum().item()
        print(total)
        """
    ),
    # Lists started together, `losses, steps = [], []`, are lists of their own: the same list fix.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses, steps = [], []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            steps.append(i)
        plot(steps, losses)
        """,
        """
        import torch
        device = torch.device("cuda")
        losses, steps = [], []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())
            steps.append(i)
        losses = torch.stack(losses).tolist() if losses else []
        plot(steps, losses)
        """,
    ),
    # `losses = steps = []` binds one list twice: the steps go into it too, so it is reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        losses = steps = []
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            steps.append(i)
        plot(steps, losses)
        """
    ),
    # A helper returning a count that every caller sums from an int: it returns the int64 count itself,
    # the caller's sum stays on the device and is read back with int() after the loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def num_correct(out, y):
            return out.argmax(1).eq(y).sum().item()

        def evaluate(model, loader):
            hits = 0
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                hits += num_correct(model(x), y)
            return hits / len(loader.dataset)
        """,
        """
        import torch
        device = torch.device("cuda")

        def num_correct(out, y):
            return out.argmax(1).eq(y).sum()

        def evaluate(model, loader):
            hits = 0
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                hits += num_correct(model(x), y)
            hits = int(hits)
            return hits / len(loader.dataset)
        """,
        message="return it as a tensor",
        line=5,
    ),
    # Summed from a float, an int64 count would become a float32 sum (0.0 + an int64 tensor): report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def num_correct(out, y):
            return out.argmax(1).eq(y).sum().item()

        def evaluate(model, loader):
            hits = 0.0
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                hits += num_correct(model(x), y)
            return hits / len(loader.dataset)
        """
    ),
    # A helper's count also kept per batch: its callers need the number, report only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def num_correct(out, y):
            return out.argmax(1).eq(y).sum().item()

        def evaluate(model, loader):
            hits = 0
            per_batch = []
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                hits += num_correct(model(x), y)
                per_batch.append(num_correct(model(x), y))
            return hits, per_batch
        """
    ),
    # A parameter named for a loss function returns a loss (a floating tensor, given device tensors): its
    # sum from the int 0 is a float sum, kept on the device.
    Invalid(
        """
        import torch

        def evaluate(model, loader, criterion):
            total = 0
            with torch.no_grad():
                for x, y in loader:
                    x, y = x.cuda(), y.cuda()
                    loss = criterion(model(x), y)
                    total += loss.item()
            return total / len(loader)
        """,
        """
        import torch

        def evaluate(model, loader, criterion):
            total = 0
            with torch.no_grad():
                for x, y in loader:
                    x, y = x.cuda(), y.cuda()
                    loss = criterion(model(x), y)
                    total += loss.detach().double()
                total = float(total)
            return total / len(loader)
        """,
    ),
    # The same sums spelled `total = total + term` (the loss from the int 0, a float sum; the count
    # of hits from the int 0, an int64 count): kept on the device like `+=`.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")

        def train(model, loader, optimizer):
            total_loss, total_acc = 0, 0
            for sent_id, mask, labels in loader:
                sent_id, mask, labels = sent_id.to(device), mask.to(device), labels.to(device)
                model.zero_grad()
                preds = model(sent_id, mask)
                loss = F.cross_entropy(preds, labels)
                total_loss = total_loss + loss.item()
                loss.backward()
                optimizer.step()
                total_acc = total_acc + (preds.argmax(1) == labels).sum().item()
            return total_loss / len(loader), total_acc
        """,
        """
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")

        def train(model, loader, optimizer):
            total_loss, total_acc = 0, 0
            for sent_id, mask, labels in loader:
                sent_id, mask, labels = sent_id.to(device), mask.to(device), labels.to(device)
                model.zero_grad()
                preds = model(sent_id, mask)
                loss = F.cross_entropy(preds, labels)
                total_loss = total_loss + loss.detach().double()
                loss.backward()
                optimizer.step()
                total_acc = total_acc + (preds.argmax(1) == labels).sum()
            total_loss = float(total_loss)
            total_acc = int(total_acc)
            return total_loss / len(loader), total_acc
        """,
        line=12,
    ),
    # A count the step names first (`correct = (predicted == y).sum()`) and sums from the int 0: kept an
    # int64 count on the device, read back after the loop as an int.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def train(model, loader, optimizer, criterion):
            total_loss, total_correct = 0.0, 0
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                out = model(x)
                loss = criterion(out, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                _, predicted = torch.max(out.data, 1)
                correct = (predicted == y).sum()
                total_loss += loss.item()
                total_correct += correct.item()
            return total_loss, total_correct
        """,
        """
        import torch
        device = torch.device("cuda")

        def train(model, loader, optimizer, criterion):
            total_loss, total_correct = 0.0, 0
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                out = model(x)
                loss = criterion(out, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                _, predicted = torch.max(out.data, 1)
                correct = (predicted == y).sum()
                total_loss += loss.detach().double()
                total_correct += correct
            total_loss = float(total_loss)
            total_correct = int(total_correct)
            return total_loss, total_correct
        """,
        line=15,
    ),
    # A name bound to a count only on some steps (in a branch) may hold anything: reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def evaluate(model, loader):
            hits = 0
            correct = torch.zeros((), dtype=torch.float32, device=device)
            with torch.no_grad():
                for x, y in loader:
                    out = model(x.to(device))
                    if out.dim() == 2:
                        correct = (out.argmax(1) == y.to(device)).sum()
                    hits += correct.item()
            return hits
        """
    ),
    # Sums kept under the keys of a dict of numbers started before the loop (`metrics = {"test_loss": 0,
    # ...}`) and returned after it: each key's sum is kept on the device (the loss's in float64, the
    # count of hits as an int64 count) and converted once after the loop; the host's count stays.
    Invalid(
        """
        import torch
        import torch.nn as nn

        def test(model, test_data):
            device = torch.device("cuda")
            model.to(device)
            metrics = {"test_correct": 0, "test_loss": 0, "test_total": 0}
            criterion = nn.CrossEntropyLoss().to(device)
            with torch.no_grad():
                for x, target in test_data:
                    x, target = x.to(device), target.to(device)
                    pred = model(x)
                    loss = criterion(pred, target)
                    _, predicted = torch.max(pred, -1)
                    correct = predicted.eq(target).sum()
                    metrics["test_correct"] += correct.item()
                    metrics["test_loss"] += loss.item() * target.size(0)
                    metrics["test_total"] += target.size(0)
            return metrics
        """,
        """
        import torch
        import torch.nn as nn

        def test(model, test_data):
            device = torch.device("cuda")
            model.to(device)
            metrics = {"test_correct": 0, "test_loss": 0, "test_total": 0}
            criterion = nn.CrossEntropyLoss().to(device)
            with torch.no_grad():
                for x, target in test_data:
                    x, target = x.to(device), target.to(device)
                    pred = model(x)
                    loss = criterion(pred, target)
                    _, predicted = torch.max(pred, -1)
                    correct = predicted.eq(target).sum()
                    metrics["test_correct"] += correct
                    metrics["test_loss"] += loss.detach().double() * target.size(0)
                    metrics["test_total"] += target.size(0)
                metrics["test_correct"] = int(metrics["test_correct"])
                metrics["test_loss"] = float(metrics["test_loss"])
            return metrics
        """,
        line=16,
    ),
    # A dict the loop reads (printed each step) or hands on, or one built by a call, must hold numbers
    # on every step: reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def train(model, loader, optimizer, criterion):
            stats = {"loss": 0.0}
            totals = make_totals()
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                stats["loss"] += loss.item()
                totals["loss"] += loss.item()
                print(stats)
            return stats, totals
        """
    ),
    # A moving average is no sum (`running = 0.9 * running + 0.1 * loss.item()`), and neither is a
    # sum whose name is not the left operand: reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def train(model, loader, optimizer, criterion):
            running, other = 0.0, 0.0
            for x, y in loader:
                loss = criterion(model(x.to(device)), y.to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                running = 0.9 * running + 0.1 * loss.item()
                other = loss.item() + other
            return running, other
        """
    ),
    # A trainer class that keeps the loss function it is given (`self.criterion = criterion`) calls a
    # loss too: the validation sum from the int 0 is a float sum, kept on the device.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, model, loader, criterion):
                self.model = model.cuda()
                self.loader = loader
                self.criterion = criterion

            def validate(self):
                val_loss = 0
                with torch.no_grad():
                    for x, y in self.loader:
                        x, y = x.cuda(), y.cuda()
                        loss = self.criterion(self.model(x), y)
                        val_loss += loss.item()
                return val_loss / len(self.loader)
        """,
        """
        import torch

        class Trainer:
            def __init__(self, model, loader, criterion):
                self.model = model.cuda()
                self.loader = loader
                self.criterion = criterion

            def validate(self):
                val_loss = 0
                with torch.no_grad():
                    for x, y in self.loader:
                        x, y = x.cuda(), y.cuda()
                        loss = self.criterion(self.model(x), y)
                        val_loss += loss.detach().double()
                    val_loss = float(val_loss)
                return val_loss / len(self.loader)
        """,
        line=15,
    ),
    # An attribute with a loss's name bound to anything else (what a factory the file does not show
    # returns) may hold ints: its sum from the int 0 is reported only.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, model, loader, cfg):
                self.model = model.cuda()
                self.loader = loader
                self.criterion = build_metric(cfg)

            def validate(self):
                val_loss = 0
                with torch.no_grad():
                    for x, y in self.loader:
                        x, y = x.cuda(), y.cuda()
                        val_loss += self.criterion(self.model(x), y).item()
                return val_loss / len(self.loader)
        """
    ),
    # Any other parameter may return ints or a NumPy number: its `.item()`s are reported only.
    Invalid(
        """
        import torch

        def evaluate(model, loader, metric):
            total = 0
            with torch.no_grad():
                for x, y in loader:
                    x, y = x.cuda(), y.cuda()
                    score = metric(model(x), y)
                    total += score.item()
            return total / len(loader)
        """
    ),
    # A loop over numbers that draws a batch each time from a function named for it (`get_batch`, also
    # imported or a method) and runs the model on it is an evaluation loop: each batch waits.
    Invalid(
        """
        import torch
        from data import get_batch

        @torch.no_grad()
        def estimate_loss(model, eval_iters):
            model.eval()
            losses = torch.zeros(eval_iters)
            for k in range(eval_iters):
                X, Y = get_batch("val")
                _, loss = model(X.cuda(), Y.cuda())
                losses[k] = loss.item()
            model.train()
            return losses.mean()
        """,
        line=11,
    ),
    # Predicted classes listed batch by batch (`preds += out.argmax(1).cpu().tolist()`, `.extend(...)`):
    # each batch's indices stay on the device and the list is read once after the loop, the same ints.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model.eval()
        preds = []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                preds += out.argmax(1).cpu().numpy().tolist()
        write_submission(preds)
        """,
        """
        import torch
        device = torch.device("cuda")
        model.eval()
        preds = []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                preds.append(out.argmax(1).detach())
            preds = [x for part in preds for x in part.tolist()]
        write_submission(preds)
        """,
        message="keep each batch's indices on the device",
    ),
    # Features or logits kept on the device until the loop ends could fill its memory: reported only (and
    # the indices extended beside them keep their copy while the step waits for the features anyway).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        feats, preds = [], []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                feats += out.cpu().tolist()
                preds.extend(out.argmax(1).cpu().numpy())
        save(feats, preds)
        """
    ),
    # A loss appended as a NumPy array each step (`loss.detach().cpu().numpy()`, pre-0.4
    # `loss.data.cpu().numpy()`) for `np.mean` after the loop: one number a step stays on the device and
    # the list holds the same 0-dim arrays after the loop.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def train_epoch(model, loader, optimizer, criterion):
            train_loss = []
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                optimizer.zero_grad()
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                train_loss.append(loss.data.cpu().numpy())
            return np.mean(train_loss)
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def train_epoch(model, loader, optimizer, criterion):
            train_loss = []
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                optimizer.zero_grad()
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                train_loss.append(loss.detach())
            train_loss = [part.cpu().numpy() for part in train_loss]
            return np.mean(train_loss)
        """,
        message="keep each batch's tensor on the device",
    ),
    # A list started before the epochs' loop, which names it nowhere else (`c_losses = []`, then
    # `for _ in range(epochs):` around the batches): read back after that outer loop.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def update(critic, optimizer, batches, epochs):
            c_losses = []
            for _ in range(epochs):
                for states, returns in batches:
                    optimizer.zero_grad()
                    c_loss = 0.5 * (returns.to(device) - critic(states.to(device))).pow(2).mean()
                    c_loss.backward()
                    optimizer.step()
                    c_losses.append(c_loss.detach().cpu().numpy())
            return np.array(c_losses).mean()
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def update(critic, optimizer, batches, epochs):
            c_losses = []
            for _ in range(epochs):
                for states, returns in batches:
                    optimizer.zero_grad()
                    c_loss = 0.5 * (returns.to(device) - critic(states.to(device))).pow(2).mean()
                    c_loss.backward()
                    optimizer.step()
                    c_losses.append(c_loss.detach())
            c_losses = [part.cpu().numpy() for part in c_losses]
            return np.array(c_losses).mean()
        """,
        message="keep each batch's tensor on the device",
    ),
    # The list read on every step (its running mean printed) must hold arrays at once: reported only.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def train_epoch(model, loader, optimizer, criterion):
            train_loss = []
            for x, y in loader:
                optimizer.zero_grad()
                loss = criterion(model(x.to(device)), y.to(device))
                loss.backward()
                optimizer.step()
                train_loss.append(loss.detach().cpu().numpy())
                print(np.mean(train_loss))
            return train_loss
        """
    ),
    # Indices and labels appended as CPU tensors for a `torch.cat` after the loop: each batch's tensor
    # stays on the device and is copied after the loop, the same CPU tensors in order; the loss and
    # the count summed beside them go with them.
    Invalid(
        """
        import torch
        device = torch.device("cuda")

        def evaluate(model, loader, criterion):
            loss_sum, correct, total = 0.0, 0, 0
            all_preds, all_targets = [], []
            with torch.no_grad():
                for x, y in loader:
                    x, y = x.to(device), y.to(device)
                    logits = model(x)
                    loss = criterion(logits, y)
                    preds = logits.argmax(1)
                    loss_sum += loss.item() * y.size(0)
                    correct += (preds == y).sum().item()
                    total += y.size(0)
                    all_preds.append(preds.cpu())
                    all_targets.append(y.cpu())
            return loss_sum / total, correct / total, torch.cat(all_preds), torch.cat(all_targets)
        """,
        """
        import torch
        device = torch.device("cuda")

        def evaluate(model, loader, criterion):
            loss_sum, correct, total = 0.0, 0, 0
            all_preds, all_targets = [], []
            with torch.no_grad():
                for x, y in loader:
                    x, y = x.to(device), y.to(device)
                    logits = model(x)
                    loss = criterion(logits, y)
                    preds = logits.argmax(1)
                    loss_sum += loss.detach().double() * y.size(0)
                    correct += (preds == y).sum()
                    total += y.size(0)
                    all_preds.append(preds.detach())
                    all_targets.append(y.detach())
                loss_sum = float(loss_sum)
                correct = int(correct)
                all_preds = [part.cpu() for part in all_preds]
                all_targets = [part.cpu() for part in all_targets]
            return loss_sum / total, correct / total, torch.cat(all_preds), torch.cat(all_targets)
        """,
        line=13,
    ),
    # Logits or probabilities appended as CPU tensors could fill the device's memory if kept there until
    # the loop ends: reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        outs = []
        with torch.no_grad():
            for x in test_loader:
                outs.append(model(x.to(device)).softmax(1).cpu())
        save(torch.cat(outs))
        """
    ),
    # The usual evaluation for a metric of scikit-learn: `_, preds = torch.max(out, 1)` unpacks the
    # indices, and each batch's array extends the lists (NumPy ints). The indices and the batch's labels
    # stay on the device, and after the loop iterating each kept batch's array lists the same NumPy
    # values, in order; the loss summed beside them goes with them.
    Invalid(
        """
        import torch
        from sklearn.metrics import f1_score
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def evaluate(model, loader, criterion):
            model.eval()
            total_loss = 0.0
            all_preds, all_labels = [], []
            with torch.no_grad():
                for images, labels in loader:
                    images, labels = images.to(device), labels.to(device)
                    outputs = model(images)
                    loss = criterion(outputs, labels)
                    total_loss += loss.item()
                    _, preds = torch.max(outputs, 1)
                    all_preds.extend(preds.cpu().numpy())
                    all_labels.extend(labels.cpu().numpy())
            return total_loss / len(loader), f1_score(all_labels, all_preds, average="macro")
        """,
        """
        import torch
        from sklearn.metrics import f1_score
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def evaluate(model, loader, criterion):
            model.eval()
            total_loss = 0.0
            all_preds, all_labels = [], []
            with torch.no_grad():
                for images, labels in loader:
                    images, labels = images.to(device), labels.to(device)
                    outputs = model(images)
                    loss = criterion(outputs, labels)
                    total_loss += loss.detach().double()
                    _, preds = torch.max(outputs, 1)
                    all_preds.append(preds.detach())
                    all_labels.append(labels.detach())
                total_loss = float(total_loss)
                all_preds = [x for part in all_preds for x in part.cpu().numpy()]
                all_labels = [x for part in all_labels for x in part.cpu().numpy()]
            return total_loss / len(loader), f1_score(all_labels, all_preds, average="macro")
        """,
        line=14,
    ),
    # `.extend()` of an argmax's array, through `.detach()`: the same read-back after the loop.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        preds = []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                preds.extend(out.argmax(dim=1).detach().cpu().numpy())
        write_submission(preds)
        """,
        """
        import torch
        device = torch.device("cuda")
        preds = []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                preds.append(out.argmax(dim=1).detach())
            preds = [x for part in preds for x in part.cpu().numpy()]
        write_submission(preds)
        """,
        message="keep each batch's indices on the device",
    ),
    # The first of what `torch.max(out, 1)` unpacks is the maxima (floats a prediction, not indices),
    # and probabilities are no indices: listed as arrays, both reported only.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        top, probs = [], []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                best, _ = torch.max(out, 1)
                top.extend(best.cpu().numpy())
                probs.extend(torch.softmax(out, 1)[:, 1].cpu().numpy())
        save(top, probs)
        """
    ),
    # A batch's predicted classes and the targets the loss compared them with, each appended as a NumPy
    # array for a metric after the loop: each stays on the device and is copied once after the loop, the
    # same arrays in order (and the loss summed beside them goes with them).
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def evaluate(net, batches, loss_fn):
            seen, total = 0, 0.0
            truth, guesses = [], []
            with torch.no_grad():
                for points, cls in batches:
                    points, cls = points.to(device), cls.to(device).squeeze()
                    scores = net(points)
                    loss = loss_fn(scores, cls)
                    guess = scores.max(dim=1)[1]
                    seen += points.size(0)
                    total += loss.item() * points.size(0)
                    truth.append(cls.cpu().numpy())
                    guesses.append(guess.detach().cpu().numpy())
            truth, guesses = np.concatenate(truth), np.concatenate(guesses)
            return total / seen, float((truth == guesses).mean())
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")

        def evaluate(net, batches, loss_fn):
            seen, total = 0, 0.0
            truth, guesses = [], []
            with torch.no_grad():
                for points, cls in batches:
                    points, cls = points.to(device), cls.to(device).squeeze()
                    scores = net(points)
                    loss = loss_fn(scores, cls)
                    guess = scores.max(dim=1)[1]
                    seen += points.size(0)
                    total += loss.detach().double() * points.size(0)
                    truth.append(cls.detach())
                    guesses.append(guess.detach())
                total = float(total)
                truth = [part.cpu().numpy() for part in truth]
                guesses = [part.cpu().numpy() for part in guesses]
            truth, guesses = np.concatenate(truth), np.concatenate(guesses)
            return total / seen, float((truth == guesses).mean())
        """,
        message="copy them all to the host once after the loop",
    ),
    # The same through a name reshaped from the indices and the pre-0.4 `.data`, listed as numbers: the
    # indices and the target the loss was given stay on the device, read as the same ints after the loop.
    Invalid(
        """
        import torch
        import torch.nn.functional as F

        def evaluate(model, loader):
            predicted, expected = [], []
            for step, (inputs, target) in enumerate(loader):
                target.sub_(1)
                inputs, target = inputs.cuda(), target.cuda()
                logit = model(inputs)
                top = torch.max(logit, 1)[1].view(target.size()).data
                cost = F.nll_loss(logit, target)
                predicted += top.cpu().numpy().tolist()
                expected += target.data.cpu().numpy().tolist()
            report(predicted, expected)
        """,
        """
        import torch
        import torch.nn.functional as F

        def evaluate(model, loader):
            predicted, expected = [], []
            for step, (inputs, target) in enumerate(loader):
                target.sub_(1)
                inputs, target = inputs.cuda(), target.cuda()
                logit = model(inputs)
                top = torch.max(logit, 1)[1].view(target.size()).data
                cost = F.nll_loss(logit, target)
                predicted.append(top.detach())
                expected.append(target.detach())
            predicted = [x for part in predicted for x in part.tolist()]
            expected = [x for part in expected for x in part.tolist()]
            report(predicted, expected)
        """,
    ),
    # Reported only: features or outputs appended as arrays (they could fill the device's memory), a
    # batch's field listed where no predicted indices are (an image a reconstruction is scored against),
    # and indices changed in place after they are listed (a kept tensor shares their storage).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        feats, images = [], []
        with torch.no_grad():
            for x, y in test_loader:
                x, y = x.to(device), y.to(device)
                out = model(x)
                feats.append(out.cpu().numpy())
                images.append(y.cpu().numpy())
        save(feats, images)
        """
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        marks = []
        with torch.no_grad():
            for x in test_loader:
                out = model(x.to(device))
                mark = out.argmax(1)
                marks.append(mark.cpu().numpy())
                mark[mark > 5] = 0
        save(marks)
        """
    ),
    # The batch's labels listed beside the predicted indices where no loss is computed (a test loop): the
    # labels the predictions are scored against, kept and copied the same way.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        truth, guesses = [], []
        with torch.no_grad():
            for cloud, cls in test_loader:
                cloud, cls = cloud.to(device), cls.to(device).squeeze()
                guess = model(cloud).argmax(dim=1)
                truth.append(cls.cpu().numpy())
                guesses.append(guess.cpu().numpy())
        print(np.mean(np.concatenate(truth) == np.concatenate(guesses)))
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        truth, guesses = [], []
        with torch.no_grad():
            for cloud, cls in test_loader:
                cloud, cls = cloud.to(device), cls.to(device).squeeze()
                guess = model(cloud).argmax(dim=1)
                truth.append(cls.detach())
                guesses.append(guess.detach())
            truth = [part.cpu().numpy() for part in truth]
            guesses = [part.cpu().numpy() for part in guesses]
        print(np.mean(np.concatenate(truth) == np.concatenate(guesses)))
        """,
    ),
    # The file's usual average meter given `loss.item()`: it is given the float64 tensor (the same
    # digits), its fields format as numbers (`"{l.avg:.4f}".format(l=losses)`) and other reads become
    # `float(...)`.
    Invalid(
        """
        import torch

        class AverageMeter(object):
            def __init__(self):
                self.reset()

            def reset(self):
                self.val = 0
                self.avg = 0
                self.sum = 0
                self.count = 0

            def update(self, val, n=1):
                self.val = val
                self.sum += val * n
                self.count += n
                self.avg = self.sum / self.count

        def train(loader, model, optimizer):
            losses = AverageMeter()
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.update(loss.item(), x.size(0))
                if i % 10 == 0:
                    print("Loss {l.val:.4f} ({l.avg:.4f})".format(l=losses))
            return losses.avg
        """,
        """
        import torch

        class AverageMeter(object):
            def __init__(self):
                self.reset()

            def reset(self):
                self.val = 0
                self.avg = 0
                self.sum = 0
                self.count = 0

            def update(self, val, n=1):
                self.val = val
                self.sum += val * n
                self.count += n
                self.avg = self.sum / self.count

        def train(loader, model, optimizer):
            losses = AverageMeter()
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.update(loss.detach().double(), x.size(0))
                if i % 10 == 0:
                    print("Loss {l.val:.4f} ({l.avg:.4f})".format(l=losses))
            return float(losses.avg)
        """,
        message="give the meter the tensor",
    ),
    # A helper of the file returning a list it fills only with device tensors (the usual top-k accuracy):
    # what it returns unpacks into tensors, and the meter is given each as the others are.
    Invalid(
        """
        import torch

        class AverageMeter(object):
            def __init__(self):
                self.reset()

            def reset(self):
                self.val = 0
                self.avg = 0
                self.sum = 0
                self.count = 0

            def update(self, val, n=1):
                self.val = val
                self.sum += val * n
                self.count += n
                self.avg = self.sum / self.count

        def hit_rates(scores, labels, ks=(1,)):
            _, top = scores.topk(max(ks), 1, True, True)
            hits = top.t().eq(labels.view(1, -1).expand_as(top.t()))
            rates = []
            for k in ks:
                rates.append(hits[:k].reshape(-1).float().sum(0).mul_(100.0 / labels.size(0)))
            return rates

        def train(loader, model, optimizer):
            top1 = AverageMeter()
            for i, (x, y) in enumerate(loader):
                x, y = x.cuda(), y.cuda()
                out = model(x)
                loss = criterion(out, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                rate, = hit_rates(out.data, y)
                top1.update(rate.item(), x.size(0))
                if i % 10 == 0:
                    print("Top-1 {t.val:.3f} ({t.avg:.3f})".format(t=top1))
            return top1.avg
        """,
        """
        import torch

        class AverageMeter(object):
            def __init__(self):
                self.reset()

            def reset(self):
                self.val = 0
                self.avg = 0
                self.sum = 0
                self.count = 0

            def update(self, val, n=1):
                self.val = val
                self.sum += val * n
                self.count += n
                self.avg = self.sum / self.count

        def hit_rates(scores, labels, ks=(1,)):
            _, top = scores.topk(max(ks), 1, True, True)
            hits = top.t().eq(labels.view(1, -1).expand_as(top.t()))
            rates = []
            for k in ks:
                rates.append(hits[:k].reshape(-1).float().sum(0).mul_(100.0 / labels.size(0)))
            return rates

        def train(loader, model, optimizer):
            top1 = AverageMeter()
            for i, (x, y) in enumerate(loader):
                x, y = x.cuda(), y.cuda()
                out = model(x)
                loss = criterion(out, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                rate, = hit_rates(out.data, y)
                top1.update(rate.detach().double(), x.size(0))
                if i % 10 == 0:
                    print("Top-1 {t.val:.3f} ({t.avg:.3f})".format(t=top1))
            return float(top1.avg)
        """,
        message="give the meter the tensor",
    ),
    # The meter handed to another object (a progress printer), or printed with `!r`: report only.
    Invalid(
        """
        import torch

        class AverageMeter(object):
            def __init__(self):
                self.reset()

            def reset(self):
                self.val = 0
                self.avg = 0
                self.sum = 0
                self.count = 0

            def update(self, val, n=1):
                self.val = val
                self.sum += val * n
                self.count += n
                self.avg = self.sum / self.count

        def train(loader, model, optimizer):
            losses = AverageMeter()
            progress = ProgressMeter(len(loader), [losses])
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.update(loss.item(), x.size(0))
                if i % 10 == 0:
                    progress.display(i)
                    print("{l.avg!r}".format(l=losses))
        """
    ),
    # Where no fix keeps the value on the device, the message says why (not only how to keep it there).
    # A pre-0.4 `.data[0]`: DEV009 makes it `.item()` first, and the sum is fixed on the next pass.
    Invalid(
        """
        import torch
        model.cuda()
        total = 0
        for x, y in loader:
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            total += loss.data[0]
        print(total / len(loader))
        """,
        None,
        message="no fix is made for the pre-0.4 spelling: DEV009 rewrites it as `.item()`",
    ),
    # What a function the file does not show returns: it may be a NumPy number, which has no `.detach()`.
    Invalid(
        """
        import torch
        model.cuda()
        total = 0.0
        for x, y in loader:
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            score = metric(out, y)
            total += score.item()
        print(total / len(loader))
        """,
        None,
        message="the code does not show that `score` is a tensor",
    ),
    # A step function whose loop is in its callers: no read-back after the loop can be placed here.
    Invalid(
        """
        import torch
        model.cuda()
        def train_step(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            history.append(loss.item())
        """,
        None,
        message="`train_step` runs every step, but the loop that calls it is not in this function",
    ),
    # A host copy the step computes with on the host.
    Invalid(
        """
        import torch
        model.cuda()
        for x, y in loader:
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            top = out.argmax(1).cpu()
            for k in top:
                counts[k] += 1
        print(counts)
        """,
        None,
        message="`top` holds a host copy that the step goes on to use",
    ),
    # A number named and then computed with every step (a running average on the host).
    Invalid(
        """
        import torch
        model.cuda()
        smoothed = 0.0
        for x, y in loader:
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            value = loss.item()
            smoothed = 0.9 * smoothed + 0.1 * value
        print(smoothed)
        """,
        None,
        message="`value` is used as a number in the step",
    ),
    # A meter kept in a dict: its class and its `update` are not shown.
    Invalid(
        """
        import torch
        model.cuda()
        meters = make_meters()
        for x, y in loader:
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            meters["loss"].update(loss.item())
        print(meters["loss"].avg)
        """,
        None,
        message='`meters["loss"]` is given it every step, and its `update` is not shown to only sum it',
    ),
    # A sum kept in an attribute: other code may read it as a number.
    Invalid(
        """
        import torch
        model.cuda()
        class Trainer:
            def epoch(self, loader):
                for x, y in loader:
                    loss = criterion(model(x.cuda()), y.cuda())
                    loss.backward()
                    optimizer.step()
                    self.total += loss.item()
        """,
        None,
        message="the sum is kept in `self.total`, not in a local name",
    ),
    # A sum not started before the loop (a parameter): it may hold anything there.
    Invalid(
        """
        import torch
        model.cuda()
        def epoch(loader, total):
            for x, y in loader:
                loss = criterion(model(x.cuda()), y.cuda())
                loss.backward()
                optimizer.step()
                total += loss.item()
            return total
        """,
        None,
        message="the sum stays on the host: `total` is not started as a number just before the loop",
    ),
    # A list every step appends to and a branch taken every N steps reads whole, never emptying it (a
    # plot of all the losses so far): the step appends the detached tensor to a list of its own, and the
    # branch, and the code after the loop, first move those into the list with one copy.
    Invalid(
        """
        import torch
        model.cuda()
        losses = []
        rewards = []
        for frame in range(1, frames + 1):
            state, reward, done, _ = env.step(act(state))
            rewards.append(reward)
            if len(buffer) > batch_size:
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
            if frame % 200 == 0:
                plot(frame, rewards, losses)
        print(losses[-1])
        """,
        """
        import torch
        model.cuda()
        losses = []
        rewards = []
        losses_pending = []
        for frame in range(1, frames + 1):
            state, reward, done, _ = env.step(act(state))
            rewards.append(reward)
            if len(buffer) > batch_size:
                loss = criterion(model(x.cuda()), y.cuda())
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses_pending.append(loss.detach())
            if frame % 200 == 0:
                losses += torch.stack(losses_pending).tolist() if losses_pending else []
                losses_pending = []
                plot(frame, rewards, losses)
        losses += torch.stack(losses_pending).tolist() if losses_pending else []
        print(losses[-1])
        """,
    ),
    # The same list whose length the step reads outside the branch: it would miss the values not yet
    # moved, so the list must hold every number there.
    Invalid(
        """
        import torch
        model.cuda()
        losses = []
        for step in range(steps):
            loss = criterion(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            scheduler.set_progress(len(losses))
            if step % 100 == 0:
                print(sum(losses[-100:]) / 100)
        """,
        None,
        message="the list `losses` is read, handed on or kept past the loop",
    ),
    # A function of the file reads the module's list by its name: it could run between two reports.
    Invalid(
        """
        import torch
        model.cuda()
        losses = []

        def recent():
            return sum(losses[-100:]) / 100

        for step in range(steps):
            loss = criterion(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            if step % 100 == 0:
                print(recent(), losses[-1])
        """,
        None,
        message="the list `losses` is read, handed on or kept past the loop",
    ),
    # An `assert` on a tensor in a step function: the host needs the test's value, whatever the loop.
    Invalid(
        """
        import torch
        model.cuda()
        def step(x, y):
            loss = criterion(model(x.cuda()), y.cuda())
            assert not torch.isnan(loss)
            loss.backward()
            optimizer.step()
        """,
        None,
        message="the step branches on it, so the host needs it every step",
    ),
    # `print(loss, step)`: the sync is the print itself; its output needs the value every step.
    Invalid(
        """
        import torch
        model.cuda()
        for x, y in loader:
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
            print(loss, step)
        """,
        None,
        message="printing a tensor waits for the GPU every step; it is printed or logged every step",
    ),
    # A sum started at an int of a value not shown to be floating: it may be a sum of ints.
    Invalid(
        """
        import torch
        model.cuda()
        total = 0
        for i, (x, y) in enumerate(loader):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            total += out[0, 0].item()
        print(total)
        """,
        None,
        message="the sum stays on the host: `total` starts as an int and the value is not shown to be floating",
    ),
    # A sum the loop reads every step (not only where it logs).
    Invalid(
        """
        import torch
        model.cuda()
        total = 0.0
        for i, (x, y) in enumerate(loader):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            total += loss.item()
            avg = total / (i + 1)
        print(total)
        """,
        None,
        message="the sum stays on the host: the loop reads `total` every step",
    ),
    # A sum scaled by a factor the code does not show is a number (a tensor would promote it).
    Invalid(
        """
        import torch
        model.cuda()
        total = 0.0
        for i, (x, y) in enumerate(loader):
            out = model(x.cuda())
            loss = criterion(out, y.cuda())
            loss.backward()
            optimizer.step()
            total += loss.item() * weight
        print(total)
        """,
        None,
        message="the sum stays on the host: it is added to `total` with a factor not shown to be a number",
    ),
    # A loop over whatever holds the batches (not named for a loader) that hands each batch to a method
    # running the model on it: an evaluation loop, and the method's copy happens every batch.
    Invalid(
        """
        import torch
        class Tester:
            def __init__(self, net, data, device):
                self.net = net.to(device)
                self.data = data
                self.device = device
            def run_batch(self, batch):
                out = self.net(batch["image"].to(self.device))
                return out.cpu().numpy()
            def test(self):
                results = []
                for batch in self.data:
                    results.append(self.run_batch(batch))
                return results
        """,
        None,
        message="`out.cpu()` copies the tensor to the host",
        line=9,
    ),
    # The same through a function given the model and one sample of a `zip` at a time.
    Invalid(
        """
        import torch
        def infer(net, x):
            y = net(x)
            return y.cpu().numpy()
        def main(xs, ys):
            net = torch.load("m.pt").cuda()
            res = []
            for x, y in zip(xs, ys):
                res.append(infer(net, x.cuda()))
            return res
        """,
        None,
        message="`y.cpu()`",
        line=4,
    ),
    # A loop over numbers whose counter picks the sample a prediction method is handed.
    Invalid(
        """
        import torch
        class Predictor:
            def __init__(self, model, device):
                self.model = model.to(device)
                self.device = device
            def predict(self, x):
                with torch.no_grad():
                    out = self.model(x.to(self.device))
                return out.data.cpu().numpy()
            def run(self, dataset):
                preds = []
                for i in range(len(dataset)):
                    x, _ = dataset[i]
                    preds.append(self.predict(x))
                return preds
        """,
        None,
        message="`out.data.cpu()`",
        line=9,
    ),
    # A count a batch's method returns, summed by the loop over `tqdm(self.data_iter)`: the method returns
    # the count's tensor and the sum is read once after the loop.
    Invalid(
        """
        import torch
        from tqdm import tqdm
        class Evaluator:
            def __init__(self, model, data_iter, device):
                self.model = model
                self.data_iter = data_iter
                self.device = device
            def eval_batch(self, batch):
                src, tgt = batch.src.to(self.device), batch.tgt.to(self.device)
                logits = self.model(src)
                return (logits.argmax(-1) == tgt).sum().item()
            def evaluate(self):
                hits = 0
                for batch in tqdm(self.data_iter):
                    hits += self.eval_batch(batch)
                return hits
        """,
        """
        import torch
        from tqdm import tqdm
        class Evaluator:
            def __init__(self, model, data_iter, device):
                self.model = model
                self.data_iter = data_iter
                self.device = device
            def eval_batch(self, batch):
                src, tgt = batch.src.to(self.device), batch.tgt.to(self.device)
                logits = self.model(src)
                return (logits.argmax(-1) == tgt).sum()
            def evaluate(self):
                hits = 0
                for batch in tqdm(self.data_iter):
                    hits += self.eval_batch(batch)
                hits = int(hits)
                return hits
        """,
        line=11,
    ),
    # A comprehension outside any step handing each sentence to a method that runs the model on it: the
    # method runs once per sentence, and so does its copy.
    Invalid(
        """
        import torch
        class Tagger:
            def __init__(self, encoder, device):
                self.encoder = encoder.to(device)
                self.device = device
            def decode(self, words):
                emissions = self.encoder(words.to(self.device))
                return emissions.argmax(-1).cpu().numpy()
            def tag_all(self, sentences):
                return [self.decode(s) for s in sentences]
        """,
        None,
        message="`emissions.argmax(-1).cpu()`",
        line=8,
    ),
    # A method of the file's class called on an instance the function is given (`def run(agent,
    # loader)`), in a loop over a loader: the method runs the model on each batch and copies the result.
    Invalid(
        """
        import torch
        class Agent:
            def __init__(self, net):
                self.net = net.cuda()
            def evaluate_batch(self, x, y):
                out = self.net(x.cuda())
                return (out.argmax(1) == y.cuda()).float().mean().data.cpu().numpy()
        def run(agent, loader):
            accs = []
            for x, y in loader:
                accs.append(agent.evaluate_batch(x, y))
            return accs
        """,
        None,
        message="`evaluate_batch` returns the number every step",
        line=7,
    ),
    # The same in a training loop, through an instance kept from `__init__`'s argument: the method given
    # the loss prints it every step.
    Invalid(
        """
        import torch
        import torch.nn as nn
        class Model:
            def __init__(self, net):
                self.net = net.cuda()
            def report(self, loss):
                print("loss", loss.data.cpu().numpy())
        class Runner:
            def __init__(self, model, opt):
                self.model = model
                self.opt = opt
            def train(self, loader):
                for x, y in loader:
                    loss = nn.functional.cross_entropy(self.model.net(x.cuda()), y.cuda())
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
                    self.model.report(loss)
        """,
        None,
        message="`loss.data.cpu()` copies the tensor to the host",
        line=7,
    ),
    # A device tensor converted to a CPU tensor type (`.type(torch.LongTensor)`): the conversion copies it
    # to the host, every batch.
    Invalid(
        """
        import torch
        def evaluate(model, loader, device):
            preds = []
            with torch.no_grad():
                for x, y in loader:
                    out = model(x.to(device))
                    preds.append(out.argmax(1).type(torch.LongTensor))
            return preds
        """,
        None,
        message="`out.argmax(1).type(torch.LongTensor)` copies the tensor to the host",
        line=7,
    ),
    # `.to()` of the CPU spelled with a keyword, or with more arguments, is `.cpu()` too.
    Invalid(
        """
        import torch
        def evaluate(model, loader, device):
            outs = []
            for x, y in loader:
                out = model(x.to(device))
                outs.append(out.to(device="cpu", non_blocking=True))
            return outs
        """,
        None,
        message='`out.to(device="cpu", non_blocking=True)` copies the tensor to the host',
        line=6,
    ),
    # Models of imported classes named for neither a model nor its use (`enc`, `G`), but built by their
    # CapWords class, moved to the GPU and called: modules, and the loops that run them evaluate.
    Invalid(
        """
        import torch
        import numpy as np
        from mymodels import Generator, Encoder
        G = Generator()
        G.load_state_dict(torch.load("g.pt"))
        G = G.cuda()
        enc = Encoder().cuda()
        codes = []
        for batch in batches:
            z = enc(batch.cuda())
            codes.append(z.data.cpu().numpy())
        for z in np.split(np.random.randn(100, 8), 10):
            img = G(torch.from_numpy(z).float().cuda())
            print(img.mean().item())
        """,
        None,
        message="`z.data.cpu()` copies the tensor to the host",
        line=11,
    ),
    # The `forward` of a wrapper that is no module but runs one (`self.net(x)`): called on each batch, as
    # a module's is, and its print waits every time.
    Invalid(
        """
        import torch
        class Wrapper(object):
            def __init__(self, net):
                self.net = net.cuda()
            def forward(self, x):
                out = self.net(x)
                print(out.sum().item())
                return out
        """,
        None,
        message="`out.sum().item()` copies the value to the host",
        line=7,
    ),
    # A model the function is given under a name of its own (`cnn`), called on a slice of the data moved
    # to the GPU alone: a model, and the loop over slices evaluates it batch by batch.
    Invalid(
        """
        import torch
        def test(cnn, test_x, test_y):
            correct = 0
            for i in range(0, len(test_x), 64):
                out = cnn(test_x[i:i + 64].cuda())
                correct += (out.argmax(1).cpu() == test_y[i:i + 64]).sum()
            return correct
        """,
        None,
        message="`out.argmax(1).cpu()` copies the tensor to the host",
        line=6,
    ),
    # A device named by a short name only (`self.dev`, set by a base class in another file): it may be
    # a GPU, so the loop's syncs count.
    Invalid(
        """
        import torch
        class Processor(BaseProcessor):
            def train(self):
                for data, label in self.loader:
                    data = data.float().to(self.dev)
                    label = label.long().to(self.dev)
                    loss = self.loss(self.model(data), label)
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                    print(loss.item())
        """,
        None,
        message="`loss.item()` copies the value to the host",
        line=11,
    ),
    # A model's own method that evaluates a loader batch by batch (`forward` does not call it): `self(x)`
    # runs the model on each batch.
    Invalid(
        """
        import torch
        from torch import nn
        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 3)
            def forward(self, x):
                return self.fc(x)
            def evaluate(self, val_loader):
                self.eval()
                for x, y in val_loader:
                    out = self(x.cuda())
                    print(out.argmax(1).tolist())
        """,
        None,
        message="`out.argmax(1).tolist()` copies the values to the host",
        line=13,
    ),
    # The same in a module class whose base is in another file, over batches it slices from the data it
    # is given (`X_full[i * MB:(i + 1) * MB]`), through a method of its own that runs `forward`.
    Invalid(
        """
        import torch
        from torch import nn
        from models.base import Model
        class VAE(Model):
            def __init__(self, args):
                super().__init__(args)
                self.encoder = nn.Linear(784, 40)
            def forward(self, x):
                return self.encoder(x)
            def calculate_loss(self, x):
                return self.forward(x).pow(2).mean()
            def lower_bound(self, X_full, MB=100):
                lower_bound = 0.
                for i in range(X_full.size(0) // MB):
                    x = X_full[i * MB:(i + 1) * MB].cuda()
                    loss = self.calculate_loss(x)
                    lower_bound += loss.cpu().data[0]
                return lower_bound
        """,
        None,
        message="`loss.cpu()` copies the tensor to the host",
        line=17,
    ),
    # `torch.arange` of a device tensor: it needs the number on the host to size the new tensor.
    Invalid(
        """
        import torch
        def train(model, loader, opt):
            model.cuda()
            for x, lengths, y in loader:
                x, lengths, y = x.cuda(), lengths.cuda(), y.cuda()
                mask = torch.arange(lengths.max(), device=x.device)[None, :] < lengths[:, None]
                loss = (model(x) * mask).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
        """,
        None,
        message="reads a tensor as the number it counts to (`lengths.max()`)",
        line=6,
    ),
    # `range` of a device tensor: the host counts the loop with its number.
    Invalid(
        """
        import torch
        def train(model, loader, opt):
            model.cuda()
            for x, lengths, y in loader:
                x, lengths, y = x.cuda(), lengths.cuda(), y.cuda()
                out = model(x)
                for t in range(lengths.max()):
                    out[:, t] = out[:, t] * 2
                loss = out.sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
        """,
        None,
        message="`range(lengths.max())` reads a tensor as the number it counts to",
        line=7,
    ),
    # A model's own accuracy over slices of the data it is given: the count stays on the device.
    Invalid(
        """
        import torch
        from torch import nn
        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 3)
            def forward(self, x):
                return self.fc(x)
            def accuracy(self, X, Y, batch_size=64):
                hits = 0
                for i in range(0, len(X), batch_size):
                    out = self(X[i:i + batch_size].cuda())
                    hits += (out.argmax(1) == Y[i:i + batch_size].cuda()).sum().item()
                return hits
        """,
        """
        import torch
        from torch import nn
        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 3)
            def forward(self, x):
                return self.fc(x)
            def accuracy(self, X, Y, batch_size=64):
                hits = 0
                for i in range(0, len(X), batch_size):
                    out = self(X[i:i + batch_size].cuda())
                    hits += (out.argmax(1) == Y[i:i + batch_size].cuda()).sum()
                hits = int(hits)
                return hits
        """,
        message="accumulate it on the device",
        line=13,
    ),
    # A count copied to the host under a name the loop reads only to sum its `.item()` (PointNet's test
    # loop): counted on the device without the copy, converted once after the loop.
    Invalid(
        """
        import torch
        def test(classifier, loader):
            classifier.cuda().eval()
            total_correct = 0
            total = 0
            for points, target in loader:
                points, target = points.cuda(), target.cuda()
                pred_choice = classifier(points).data.max(1)[1]
                correct = pred_choice.eq(target.data).cpu().sum()
                total_correct += correct.item()
                total += points.size(0)
            return total_correct / float(total)
        """,
        """
        import torch
        def test(classifier, loader):
            classifier.cuda().eval()
            total_correct = 0
            total = 0
            for points, target in loader:
                points, target = points.cuda(), target.cuda()
                pred_choice = classifier(points).data.max(1)[1]
                correct = pred_choice.eq(target.data).sum()
                total_correct += correct
                total += points.size(0)
            total_correct = int(total_correct)
            return total_correct / float(total)
        """,
        message="count on the device and copy the count to the host once after the loop",
        line=9,
    ),
    # The same copy read again as an array: the host copy is used, and stays.
    Invalid(
        """
        import torch
        def test(classifier, loader):
            classifier.cuda().eval()
            total_correct = 0
            per_batch = []
            for points, target in loader:
                points, target = points.cuda(), target.cuda()
                pred_choice = classifier(points).data.max(1)[1]
                correct = pred_choice.eq(target.data).cpu().sum()
                total_correct += correct.item()
                per_batch.append(correct.numpy())
            return total_correct, per_batch
        """,
        None,
        message="`correct` holds a host copy that the step goes on to use",
        line=9,
    ),
    # A floating sum through the copy: a device would round it in another order, so it stays on the host.
    Invalid(
        """
        import torch
        def test(classifier, loader):
            classifier.cuda().eval()
            total_correct = 0.0
            for points, target in loader:
                points, target = points.cuda(), target.cuda()
                out = classifier(points)
                err = (out - target).abs().cpu().sum()
                total_correct += err.item()
            return total_correct
        """,
        None,
        message="`err` holds a host copy",
        line=8,
    ),
    # A loop over a loader named for no loader (`valid_batches`, bound to a `DataLoader`) hands each batch
    # to a function that runs the models with a loop of its own over time steps: that function runs whole
    # on every batch, the reads before and after its loop too.
    Invalid(
        """
        import torch
        from torch.utils.data import DataLoader
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        valid_batches = DataLoader(valid_set, batch_size=32)
        def evaluate(src, lens, tgt, encoder, decoder, steps):
            src, lens, tgt = src.to(device), lens.to(device), tgt.to(device)
            out, hidden = encoder(src, lens.tolist())
            loss = 0
            for t in range(steps):
                pred, hidden = decoder(tgt[t], hidden, out)
                loss = loss + criterion(pred, tgt[t + 1])
            return loss.data[0]
        total = 0
        for src, lens, tgt in valid_batches:
            total += evaluate(src, lens, tgt, encoder, decoder, tgt.size(0))
        print(total)
        """,
        message="`lens.tolist()` copies the values to the host and waits for the GPU every step",
        line=7,
    ),
    # A base class's helper, called on each batch of a loop over a loader, reads what an abstract method
    # returns: the override (in another file) runs the model on the device, so the copy waits every step.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn
        from abc import abstractmethod
        class FewShot(nn.Module):
            def __init__(self, backbone):
                super().__init__()
                self.feature = backbone.cuda()
            @abstractmethod
            def scores(self, x):
                pass
            def forward(self, x):
                return self.feature(x)
            def correct(self, x, y):
                _, labels = self.scores(x).data.topk(1, 1, True, True)
                return np.sum(labels.cpu().numpy()[:, 0] == y)
            def test_loop(self, loader):
                hits = []
                for i, (x, y) in enumerate(loader):
                    hits.append(self.correct(x, y.numpy()))
                return np.mean(hits)
        """,
        message="`labels.cpu()` copies the tensor to the host and waits for the GPU every step",
        line=16,
    ),
    # An agent whose base class (another file) takes the optimisation step: `learn` hands it the optimizer
    # and the loss, so `learn` is a training step, and the loop that calls it a training loop.
    Invalid(
        """
        import torch
        from agents.base import BaseAgent
        class DQN(BaseAgent):
            def __init__(self, config):
                BaseAgent.__init__(self, config)
                self.q_net = self.create_net().to(self.device)
                self.q_optimizer = torch.optim.Adam(self.q_net.parameters())
            def run_episode(self):
                while not self.done:
                    self.act()
                    for _ in range(self.learning_iterations):
                        self.learn()
            def learn(self):
                states, actions, rewards, next_states, dones = self.sample_experiences()
                loss = self.compute_loss(states, actions, rewards, next_states, dones)
                counts = [a.item() for a in actions]
                self.logger.info("actions %s", counts)
                self.take_optimisation_step(self.q_optimizer, self.q_net, loss, self.clip_norm)
        """,
        message="`a.item()` copies the value to the host and waits for the GPU every step",
        line=16,
    ),
    # Each batch's detections walked row by row on the host: each row is a device tensor, and `int()` of
    # its class waits for the GPU, row after row, every batch.
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Darknet(cfg).to(device)
        for i, batch in enumerate(batches):
            with torch.no_grad():
                detections = torch.cat([model(batch.to(device)), extra.to(device)])
            print(" ".join(classes[int(d[-1])] for d in detections))
        """,
        message="`int(d[-1])` of a tensor waits for the GPU every step",
        line=7,
    ),
]
