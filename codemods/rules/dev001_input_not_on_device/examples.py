"""DEV001's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A loop over a tensor the loop around it moved: what it draws is on the device already (source:
    # zhuxinqimac/CommutativeLieGroupVAE-Pytorch, metrics/measure_independence.py).
    Valid(
        """
        import torch
        import torch.nn as nn

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def evaluate(loader):
            reps = nn.Linear(4, 4).to(device)
            for img, label in loader:
                a = label.float().to(device)
                for action in a.unique():
                    out = reps(action)
            return out
        """
    ),
    # Labels a method of the class moves before it returns them (`self.create_labels(c_org)`), and a
    # loop over a literal list of names: neither draws host data.
    Valid(
        """
        import torch
        from torch import nn


        class Solver:
            def __init__(self, loader):
                self.loader = loader
                self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
                self.build_model()

            def build_model(self):
                self.G = nn.Linear(4, 4)
                self.G.to(self.device)

            def create_labels(self, c_org):
                labels = []
                for i in range(3):
                    labels.append((c_org * i).to(self.device))
                return labels

            def train(self):
                data_iter = iter(self.loader)
                x_fixed, c_org = next(data_iter)
                x_fixed = x_fixed.to(self.device)
                c_fixed_list = self.create_labels(c_org)
                for step in range(10):
                    try:
                        x_real, label = next(data_iter)
                    except StopIteration:
                        data_iter = iter(self.loader)
                        x_real, label = next(data_iter)
                    x_real = x_real.to(self.device)
                    for domain in ["CelebA", "RaFD"]:
                        self.G(x_real if domain == "CelebA" else -x_real)
                    if step % 5 == 0:
                        with torch.no_grad():
                            for c_fixed in c_fixed_list:
                                self.G(x_fixed, c_fixed)
        """
    ),
    # Cast to a tensor type the file picks by a flag: on the GPU when the model is.
    Valid(
        """
        import torch

        use_cuda = torch.cuda.is_available()
        Tensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor


        class Agent:
            def __init__(self, net):
                self.net = net
                if use_cuda:
                    self.net = self.net.cuda()

            def act(self, state):
                x = torch.from_numpy(state).type(Tensor)
                return self.net(x)
        """
    ),
    # The helper moves a copy of the model, not the model the loop calls.
    Valid(
        """
        import copy
        import torch

        def export(model, device):
            twin = copy.deepcopy(model)
            twin.to(device)

        model = Net()
        export(model, torch.device("cuda"))
        for x, y in loader:
            out = model(x)
        """
    ),
    # Arithmetic with a host tensor: moving the factory alone would mix devices; left alone here.
    Valid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Embedder(50).to(device)
        weights = torch.ones(4)
        src = (torch.arange(4) * weights).to(device)
        out = model(src)
        """
    ),
    # A builder that keeps its model on the host, or moves it only under a condition it decides.
    Valid(
        """
        import torch

        def build_model():
            model = Net()
            model.to("cpu")
            return model

        def maybe_gpu(flag):
            model = Net()
            if flag:
                model.cuda()
            return model

        def main(loader):
            model = build_model()
            other = maybe_gpu(False)
            for x, y in loader:
                loss = criterion(model(x), y) + criterion(other(x), y)
                loss.backward()
        """
    ),
    # Targets that meet the output where no device is mixed: a 0-dim number, an output brought
    # back to the host, a print.
    Valid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.randn(8, 4, device=device)
        scale = torch.tensor(2.0)
        y = torch.zeros(8, 1)
        out = model(x)
        loss = criterion(out, scale)
        host = model(x).cpu()
        error = host - y
        print(out, y)
        """
    ),
    # Moved in the loop, in a while loop after next(), or inline; made on the device; a counter logged.
    Valid("""
        import torch
        model = Net().to(device)
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            loss = criterion(model(x), y)
        while True:
            x, y = next(it)
            out = model(x.to(device))
        ids = torch.randint(0, 10, (3,), device=device)
        for step in range(3):
            print("{}".format(step))
            out = model(ids) + model(torch.randint(0, 10, (3,), device=device))
        """),
    # Legacy: moved under the model's condition, in Variable(), by a helper of the file, by .type(Tensor);
    # re-bound to a new value (someone else's business).
    Valid("""
        import torch
        from torch.autograd import Variable
        def to_var(x):
            return Variable(x.cuda()) if torch.cuda.is_available() else Variable(x)
        model = Net()
        if use_cuda:
            model.cuda()
        for data, target in loader:
            if use_cuda:
                data = data.cuda()
            data = Variable(data).float()
            loss = F.nll_loss(model(data), to_var(target))
            out = model(Variable(target.cuda())) + model(target.type(Tensor))
            target = prepare(target)
            out = model(target)
        """),
    # Moved to the CPU, or brought back there: everything is on the CPU, consistently.
    Valid("""
        import torch
        model = Net().to(device)
        model = model.cpu()
        for x, y in loader:
            loss = criterion(model(x), y)
        reference = Net().to("cpu")
        out = reference(torch.randn(2, 4))
        """),
    # The loader was built from tensors on the device, or its collate_fn moves the batch.
    Valid("""
        import torch
        def collate(samples):
            return torch.stack(samples).to(device)
        model = Net().to(device)
        for x in DataLoader(torch.randn(16, 4).to(device), batch_size=4):
            out = model(x)
        for x in DataLoader(data, collate_fn=collate):
            out = model(x)
        """),
    # The model's forward moves its input itself.
    Valid("""
        import torch
        class Net(torch.nn.Module):
            def forward(self, x):
                return self.fc(x.to(self.fc.weight.device))
        model = Net().to(device)
        for x in loader:
            out = model(x)
        """),
    # A trainer whose other method moves each batch; a global model whose user moves them.
    Valid("""
        import torch
        class Trainer:
            def __init__(self, model, device):
                self.device = device
                self.model = model.to(device)
            def fit(self, loader):
                for x, y in loader:
                    x, y = x.to(self.device), y.to(self.device)
                    loss = criterion(self.model(x), y)
        net = Net().to(device)
        def train():
            for inputs, targets in loader:
                inputs, targets = inputs.to(device), targets.to(device)
                loss = criterion(net(inputs), targets)
        """),
    # Labels kept on the CPU for NumPy metrics, lengths for packing; a batch value moved where read.
    Valid("""
        import torch
        model = Net().to(device)
        for x, y in loader:
            pred = model(x.to(device)).argmax(1).cpu()
            correct += np.sum(pred.numpy() == y.numpy())
        for i, data in enumerate(loader):
            real = data[0].to(device)
            out = model(real, lengths=torch.LongTensor(data[1]))
        """),
    # Tensors handed in by a caller (not a loader's batches) may be on the device already.
    Valid("""
        import torch
        def update(states, actions):
            for s, a in minibatches(states, actions):
                loss = policy(s).log_prob(a).mean()
        policy = Policy().to(device)
        update(torch.cat(states).to(device), torch.cat(actions).to(device))
        def evaluate(model, loader):
            for x in loader:
                out = model(x)
        evaluate(Net(), loader)
        """),
    # Handed-in batches whose value is moved in the model's call: the other value is moved too, or
    # not shown to be a tensor (a reward may be a number), or re-bound; a zip of two iterables.
    Valid("""
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        def fit(model, pairs, transitions, inputs, targets):
            for x, y in pairs:
                loss = F.mse_loss(model(x.to(device)), y.to(device))
            for state, reward in transitions:
                value = model(state.to(device))
                loss = (reward - value) ** 2
            for x, y in pairs:
                y = prepare(y)
                loss = F.mse_loss(model(x.to(device)), y)
            for x, y in zip(inputs, targets):
                loss = F.mse_loss(model(x.to(device)), y)
        net = Net().to(device)
        fit(net, pairs, transitions, inputs, targets)
        """),
    # A model not on a device; a value moved elsewhere than the model; an output unpacked from a
    # tuple, or read through an attribute or a method.
    Valid("""
        import torch
        import torch.nn.functional as F
        device = torch.device("cuda")
        def fit(model, pairs):
            reference = Net()
            for x, y in pairs:
                loss = F.mse_loss(reference(x.to(device)), y) + F.mse_loss(model(x.to(spare)), y)
                _, value = model(x.to(device))
                loss = F.mse_loss(value, y)
                dist = model(x.to(device))
                loss = F.mse_loss(dist.mean, y) - dist.log_prob(y.float())
        net = Net().to(device)
        fit(net, pairs)
        """),
    # A model whose forward brings its output back to the host.
    Valid("""
        import torch
        import torch.nn.functional as F
        from torch.distributions import Normal
        device = torch.device("cuda")
        class Actor(torch.nn.Module):
            def forward(self, x):
                return Normal(self.mean(x).cpu(), 1.0)
        def fit(actor, pairs):
            for x, y in pairs:
                loss = F.mse_loss(actor(x.to(device)).mean, y) + F.mse_loss(actor(x.to(device)), y)
        policy = Actor().to(device)
        fit(policy, pairs)
        """),
    # A generator of the file yields items of tensors its callers move themselves: on the device.
    Valid("""
        import torch
        device = torch.device("cuda")
        class Agent:
            def __init__(self):
                self.critic = Critic().to(device)
            def minibatches(self, states, returns):
                for ids in torch.randperm(len(states)).split(8):
                    yield states[ids], returns[ids]
            def update(self, states, returns):
                for states_i, returns_i in self.minibatches(states, returns):
                    value = self.critic(states_i.to(device))
                    loss = (returns_i - value).pow(2).mean()
        Agent().update(states.to(device), returns.to(device))
        """),
]

INVALID = [
    # Moved inside the file's own helper: the loop's input stays on the host; its device is named
    # only in the helper, so this is reported.
    Invalid(
        """
        import torch

        def setup(model, device):
            model.to(device)

        model = Net()
        setup(model, torch.device("cuda"))
        for x, y in loader:
            out = model(x)
        """,
        None,
        message="it is moved inside `setup(...)`",
        line=8,
    ),
    # Moved by a trainer class that keeps the model it is handed.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, model, use_cuda):
                self.model = model
                if use_cuda:
                    self.model.cuda()

        net = Net()
        trainer = Trainer(net, use_cuda=True)
        for images, labels in loader:
            loss = criterion(net(images), labels)
        """,
        None,
        message="`images`, `labels` reach `net`",
        line=11,
    ),
    # Arithmetic with plain numbers on a factory's tensor: the factory gets the device.
    Invalid(
        """
        import torch

        VOCAB = 50
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Embedder(VOCAB).to(device)
        src = torch.arange(12 * 4).reshape(12, 4) * 7 % VOCAB
        tgt = (torch.arange(36) * 3).view(9, 4) % VOCAB
        out = model(src, tgt)
        """,
        """
        import torch

        VOCAB = 50
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Embedder(VOCAB).to(device)
        src = torch.arange(12 * 4, device=device).reshape(12, 4) * 7 % VOCAB
        tgt = (torch.arange(36, device=device) * 3).view(9, 4) % VOCAB
        out = model(src, tgt)
        """,
        line=6,
    ),
    # Models built and moved by the file's own functions: the caller's loop must move its batch, to
    # the builder's device where the caller sees it, else to the model's own.
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def build_model():
            model = Net()
            model.to(device)
            return model

        def make_head(args):
            return Head(args.width).to(args.device)

        def main(loader, args):
            model = build_model()
            head = make_head(args)
            for x, y in loader:
                loss = criterion(head(model(x)), y)
                loss.backward()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def build_model():
            model = Net()
            model.to(device)
            return model

        def make_head(args):
            return Head(args.width).to(args.device)

        def main(loader, args):
            model = build_model()
            head = make_head(args)
            for x, y in loader:
                y = y.to(next(head.parameters()).device)
                x = x.to(device)
                loss = criterion(head(model(x)), y)
                loss.backward()
        """,
    ),
    # A target made on the host meets the model's output in the loss: it must move with the input.
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.randn(8, 4).to(device)
        y = torch.ones(8, 1)
        for step in range(3):
            out = model(x)
            loss = criterion(out, y)
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.randn(8, 4).to(device)
        y = torch.ones(8, 1, device=device)
        for step in range(3):
            out = model(x)
            loss = criterion(out, y)
        """,
        line=6,
    ),
    # ... and in arithmetic on the output (a hand-written squared error).
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.randn(8, 4, device=device)
        y = torch.from_numpy(targets).float()
        pred, _ = model(x)
        loss = ((pred - y) ** 2).mean()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.randn(8, 4, device=device)
        y = torch.from_numpy(targets).float().to(device)
        pred, _ = model(x)
        loss = ((pred - y) ** 2).mean()
        """,
        line=6,
    ),
    # ... also where the output is not named: the model's call itself in the arithmetic (a random
    # target moved after it is drawn, so that the host draws the same numbers).
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        for step in range(3):
            x = torch.randn(8, 4, device=device)
            y = torch.randn(8, 1)
            loss = ((model(x) - y) ** 2).mean()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        for step in range(3):
            x = torch.randn(8, 4, device=device)
            y = torch.randn(8, 1).to(device)
            loss = ((model(x) - y) ** 2).mean()
        """,
        line=7,
    ),
    # Also through a compiled (or DistributedDataParallel) wrapper, which runs where its model is; a
    # tuple batch unpacked by position, its target compared with the predictions.
    Invalid(
        """
        import torch
        model = Net().to(device)
        for x, y in loader:
            # forward
            loss = criterion(model(x), y)
        fast = torch.compile(model)
        for (xa, _), (xb, _) in zip(loader_a, loader_b):
            loss = (fast(xa) - fast(xb)).pow(2).mean()
        for batch in loader:
            x, y = batch[0], batch[1]
            correct += (model(x).argmax(1) == y).sum().item()
        """,
        """
        import torch
        model = Net().to(device)
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            # forward
            loss = criterion(model(x), y)
        fast = torch.compile(model)
        for (xa, _), (xb, _) in zip(loader_a, loader_b):
            xa, xb = xa.to(device), xb.to(device)
            loss = (fast(xa) - fast(xb)).pow(2).mean()
        for batch in loader:
            x, y = batch[0], batch[1]
            x, y = x.to(device), y.to(device)
            correct += (model(x).argmax(1) == y).sum().item()
        """,
        message="`x`, `y` reach `model`, which was moved to a device, but are never moved",
        line=3,
    ),
    # enumerate(), `.cuda()` spelled as the model's move; `Variable(x)` and `.float()` are not moves.
    Invalid(
        """
        from torch.autograd import Variable
        def train(loader):
            model = Net()
            model.cuda()
            for i, (inputs, labels) in enumerate(loader):
                inputs = Variable(inputs).float()
                loss = nn.functional.cross_entropy(model(inputs), labels)
        """,
        """
        from torch.autograd import Variable
        def train(loader):
            model = Net()
            model.cuda()
            for i, (inputs, labels) in enumerate(loader):
                inputs, labels = inputs.cuda(), labels.cuda()
                inputs = Variable(inputs).float()
                loss = nn.functional.cross_entropy(model(inputs), labels)
        """,
        message="`inputs`, `labels` reach `model`",
        line=5,
    ),
    # The device asked of an attribute model's parameters: moves go to that device.
    Invalid(
        """
        import torch.nn as nn
        class Trainer:
            def step(self, loader):
                device = next(self.model.parameters()).device
                for x, y in loader:
                    out = self.model(x)
                    loss = nn.functional.mse_loss(out, y)
        """,
        """
        import torch.nn as nn
        class Trainer:
            def step(self, loader):
                device = next(self.model.parameters()).device
                for x, y in loader:
                    x, y = x.to(device), y.to(device)
                    out = self.model(x)
                    loss = nn.functional.mse_loss(out, y)
        """,
        message="`x`, `y` reach `self.model`",
        line=5,
    ),
    Invalid(
        """
        import torch as T
        model = T.nn.Embedding(1000, 16).to("cuda:0")
        src = T.arange(200).reshape(10, 20)
        out = model(src)
        """,
        """
        import torch as T
        model = T.nn.Embedding(1000, 16).to("cuda:0")
        src = T.arange(200, device="cuda:0").reshape(10, 20)
        out = model(src)
        """,
        message="`src` is created on the CPU and fed to `model`, which is on a device; create it",
        line=3,
    ),
    # A random draw is moved where it is made: made on the device, it would draw other numbers.
    Invalid(
        """
        import torch as T
        model = T.nn.Embedding(1000, 16).to("cuda:0")
        src = T.randint(0, 1000, (10, 20))
        noise = T.empty(10, 16).normal_()
        out = model(src) + model.proj(noise)
        """,
        """
        import torch as T
        model = T.nn.Embedding(1000, 16).to("cuda:0")
        src = T.randint(0, 1000, (10, 20)).to("cuda:0")
        noise = T.empty(10, 16).normal_().to("cuda:0")
        out = model(src) + model.proj(noise)
        """,
        message="`src` is created on the CPU and fed to `model`, which is on a device; move it where it is made",
        line=3,
    ),
    # Reinforcement learning: each new observation made from NumPy (fed at the top of the next
    # iteration), or right in the call, to a model an agent's constructor moved.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        class Agent:
            def __init__(self):
                self.critic = Critic().to(device)
        def run(env, state):
            agent = Agent()
            while True:
                value = agent.critic(state)
                next_state = torch.FloatTensor(env.step(value))
                state = next_state
            last = agent.critic(torch.from_numpy(env.last()).float())
        """,
        """
        import torch
        device = torch.device("cuda")
        class Agent:
            def __init__(self):
                self.critic = Critic().to(device)
        def run(env, state):
            agent = Agent()
            while True:
                value = agent.critic(state)
                next_state = torch.FloatTensor(env.step(value)).to(device)
                state = next_state
            last = agent.critic(torch.from_numpy(env.last()).float().to(device))
        """,
        message="`next_state` is created on the CPU and fed to `agent.critic`",
        line=10,
    ),
    # Moved under a stable condition: the data is moved under the same one.
    Invalid(
        """
        import torch
        model = Net()
        if torch.cuda.is_available():
            model.cuda()
        for x in loader:
            out = model(x)
        sample = torch.randn(128, 20)
        image = model.decoder(sample)
        """,
        """
        import torch
        model = Net()
        if torch.cuda.is_available():
            model.cuda()
        for x in loader:
            if torch.cuda.is_available():
                x = x.cuda()
            out = model(x)
        sample = torch.randn(128, 20)
        if torch.cuda.is_available():
            sample = sample.cuda()
        image = model.decoder(sample)
        """,
        message="`x` reaches `model`, which was moved to a device, but is never moved; move under the same",
    ),
    Invalid(
        """
        import torch
        model = Net()
        if n_gpu > 0:
            model.cuda()
        for x in loader:
            out = model(x)
        """,
        message="not fixed: it is moved only under a condition",
        line=5,
    ),
    Invalid(
        """
        import torch
        class Runner:
            def to_gpu(self):
                self.model.cuda()
            def predict(self, loader):
                for x in loader:
                    out = self.model(x)
        """,
        message="not fixed: it is moved in `to_gpu()`, which may not have run",
        line=6,
    ),
    # The model held as an attribute, the device in `args.device` (kept as `self.args`), a dict batch.
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, model, args):
                self.args = args
                self.model = model.to(args.device)
            def fit(self, loader):
                for batch in loader:
                    out = self.model(batch["x"])
                    loss = criterion(out, batch["y"])
        """,
        """
        import torch
        class Trainer:
            def __init__(self, model, args):
                self.args = args
                self.model = model.to(args.device)
            def fit(self, loader):
                for batch in loader:
                    out = self.model(batch["x"].to(self.args.device))
                    loss = criterion(out, batch["y"].to(self.args.device))
        """,
        message='`batch["x"]`, `batch["y"]` reach `self.model`',
        line=7,
    ),
    # x, y = next(it) inside a while loop; the device in `cfg.device`; a batch passed with ** (its
    # tensor values are moved, whatever its keys).
    Invalid(
        """
        import torch
        model = Net().to(cfg.device)
        while step < n:
            x, y = next(it)
            loss = criterion(model(x), y)
        for batch in loader:
            out = model(**batch)
        """,
        """
        import torch
        model = Net().to(cfg.device)
        while step < n:
            x, y = next(it)
            x, y = x.to(cfg.device), y.to(cfg.device)
            loss = criterion(model(x), y)
        for batch in loader:
            batch = {k: v.to(cfg.device) if torch.is_tensor(v) else v for k, v in batch.items()}
            out = model(**batch)
        """,
        message="`x`, `y` reach `model`",
        line=3,
    ),
    # A star batch also used as itself: a write into it (which must reach the dict the loop drew), a
    # dict subclass's attribute, a tensor's `.shape`: a new dict (list) of its moved values would
    # change them, so this is reported. Reads of its values (`batch["y"]`, `.items()`) are fixed.
    Invalid(
        """
        import torch
        model = Net().to(device)
        for batch in batches:
            out = model(**batch)
            batch["pred"] = out.detach()
        """,
        None,
        message='not fixed: `batch["pred"]` uses the batch itself',
    ),
    Invalid(
        """
        import torch
        model = Net().to(device)
        for batch in batches:
            out = model(**batch)
            print(batch.labels)
        for rows in table:
            out = model(*rows)
            n = rows.shape[0]
        """,
        None,
        message="not fixed: `batch.labels` uses the batch itself",
    ),
    Invalid(
        """
        import torch
        model = Net().to(device)
        for batch in loader:
            out = model(**batch)
            loss = criterion(out, batch["y"]) + sum(v.sum() for v in batch.values())
        """,
        """
        import torch
        model = Net().to(device)
        for batch in loader:
            batch = {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}
            out = model(**batch)
            loss = criterion(out, batch["y"]) + sum(v.sum() for v in batch.values())
        """,
        message="`batch` reaches `model`",
    ),
    # A model passed to a function whose caller moved it (the device a parameter), one that asks
    # for its device, a global model moved under `if __name__ == "__main__":` (a batch value read).
    Invalid(
        """
        import torch
        def train(model, loader, dev):
            for x in loader:
                out = model(x)
        def predict(net, loader):
            device = next(net.parameters()).device
            for x in loader:
                out = net(x)
        def evaluate():
            for i, data in enumerate(loader):
                gan.zero_grad()
                real = data[0]
                loss = gan(real).mean()
        if __name__ == "__main__":
            device = torch.device("cuda")
            gan = Net().to(device)
            train(gan, loader, device)
        """,
        """
        import torch
        def train(model, loader, dev):
            for x in loader:
                x = x.to(dev)
                out = model(x)
        def predict(net, loader):
            device = next(net.parameters()).device
            for x in loader:
                x = x.to(device)
                out = net(x)
        def evaluate():
            for i, data in enumerate(loader):
                gan.zero_grad()
                real = data[0].to(device)
                loss = gan(real).mean()
        if __name__ == "__main__":
            device = torch.device("cuda")
            gan = Net().to(device)
            train(gan, loader, device)
        """,
        message="`x` reaches `model`",
        line=3,
    ),
    # The batch is used for NumPy work too, or passed whole: report only.
    Invalid(
        """
        import torch
        model = Net().to(device)
        for x in loader:
            out = model(x)
            stats.append(x.numpy().mean())
        for batch in loader:
            out = model(batch, batch["mask"])
        """,
        message="not fixed: `x` is also used in host memory",
        line=3,
    ),
]

INVALID += [
    # A partner drawn from Python numbers the file writes (`ys = [0.5, 1.0]`, a literal of pairs,
    # through `zip` or `enumerate`): a float meets the output on any device and has no `.to()`; only
    # the tensor is moved.
    # The same from a comprehension (`float(i)`, a counter over `range`), `.tolist()` or a NumPy
    # array (round 5).
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        data = [(torch.randn(3), float(i)) for i in range(3)]
        for x, y in data:
            loss = ((model(x) - y) ** 2).sum()
        weights = np.array([0.5, 1.0])
        for x, w in zip(xs, weights):
            loss = w * model(x).sum()
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        data = [(torch.randn(3), float(i)) for i in range(3)]
        for x, y in data:
            x = x.to(device)
            loss = ((model(x) - y) ** 2).sum()
        weights = np.array([0.5, 1.0])
        for x, w in zip(xs, weights):
            x = x.to(device)
            loss = w * model(x).sum()
        """,
        message="`x` reaches `model`",
    ),
    # The same yielded by a generator function of the file (`i * 0.5` of a counter over `range`, a name
    # it binds once to a number, through `zip`; round 5), also through `yield from` a generator of the
    # file (round 6); a tensor it yields is moved.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def samples(n):
            for i in range(n):
                yield torch.randn(3), i * 0.5
        def weights():
            for i in range(3):
                w = -i / 2.0
                yield w
        def targets(n):
            for i in range(n):
                yield torch.randn(3), torch.full((1,), i * 0.5)
        def delegated():
            yield from samples(2)
        for x, y in samples(4):
            loss = ((model(x) - y) ** 2).sum()
        for x, w in zip(xs, weights()):
            loss = (model(x) - w).sum()
        for x, t in targets(4):
            loss = (model(x) - t).sum()
        for x, y in delegated():
            loss = (model(x) - y).sum()
        """,
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def samples(n):
            for i in range(n):
                yield torch.randn(3), i * 0.5
        def weights():
            for i in range(3):
                w = -i / 2.0
                yield w
        def targets(n):
            for i in range(n):
                yield torch.randn(3), torch.full((1,), i * 0.5)
        def delegated():
            yield from samples(2)
        for x, y in samples(4):
            x = x.to(device)
            loss = ((model(x) - y) ** 2).sum()
        for x, w in zip(xs, weights()):
            x = x.to(device)
            loss = (model(x) - w).sum()
        for x, t in targets(4):
            x, t = x.to(device), t.to(device)
            loss = (model(x) - t).sum()
        for x, y in delegated():
            x = x.to(device)
            loss = (model(x) - y).sum()
        """,
        message="`x` reaches `model`",
    ),
    # The same from a generator reached through a method of an instance, a class's
    # `__iter__`, `next()` in a `while` loop, a name or a lambda bound to it; a NumPy scalar it yields
    # has no `.to()` either (round 6). Tensors it yields are moved.
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def samples(n):
            for i in range(n):
                yield torch.randn(3), np.float64(i * 0.5)
        class Stream:
            def batches(self):
                for i in range(3):
                    yield torch.randn(3), i * 0.5
            def pairs(self):
                for i in range(3):
                    yield torch.randn(3), torch.randn(1)
        class Pairs:
            def __iter__(self):
                yield from samples(3)
        stream = Stream()
        for x, y in stream.batches():
            loss = (model(x) - y).sum()
        for x, y in Stream().pairs():
            loss = (model(x) - y).sum()
        for x, y in Pairs():
            loss = (model(x) - y).sum()
        source = samples
        make = lambda: source(3)
        it = make()
        while True:
            x, y = next(it)
            loss = (model(x) - y).sum()
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def samples(n):
            for i in range(n):
                yield torch.randn(3), np.float64(i * 0.5)
        class Stream:
            def batches(self):
                for i in range(3):
                    yield torch.randn(3), i * 0.5
            def pairs(self):
                for i in range(3):
                    yield torch.randn(3), torch.randn(1)
        class Pairs:
            def __iter__(self):
                yield from samples(3)
        stream = Stream()
        for x, y in stream.batches():
            x = x.to(device)
            loss = (model(x) - y).sum()
        for x, y in Stream().pairs():
            x, y = x.to(device), y.to(device)
            loss = (model(x) - y).sum()
        for x, y in Pairs():
            x = x.to(device)
            loss = (model(x) - y).sum()
        source = samples
        make = lambda: source(3)
        it = make()
        while True:
            x, y = next(it)
            x = x.to(device)
            loss = (model(x) - y).sum()
        """,
        message="`x` reaches `model`",
    ),
    # A generator of the file whose yields the reading cannot follow (`yield from` what it does not
    # show, a yielded name, a generator method on an object it cannot tell): what it draws may be a
    # number, which has no `.to()`. Reported, not fixed.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def relay(loader):
            yield from loader
        for x, y in relay(loader):
            loss = (model(x) - y).sum()
        """,
        None,
        message="not fixed: what `relay(loader)` yields is not shown: `x` may be a number",
        line=6,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        class Stream:
            def batches(self):
                for sample in samples:
                    yield sample
        def fit(stream):
            for x, y in stream.batches():
                loss = (model(x) - y).sum()
        """,
        None,
        message="what `stream.batches()` yields is not shown",
        line=9,
    ),
    # (s33, round 7) A value a generator of the file yields is a tensor only where the code shows it: a
    # number made otherwise (`math.cos(i)`, `.item()`, a helper's result, a dict's value, an array's
    # element, `self.scale * i`, a name also bound to a number) has no `.to()`. Reported, not fixed.
    Invalid(
        """
        import math
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def waves():
            for i in range(3):
                yield torch.randn(3), math.cos(i)
        for x, y in waves():
            loss = (model(x) - y).sum()
        """,
        None,
        message="not fixed: what `waves()` yields is not shown: `y` may be a number",
        line=8,
    ),
    Invalid(
        """
        import math
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        for x, y in ((torch.randn(3), math.cos(i)) for i in range(3)):
            loss = (model(x) - y).sum()
        pairs = [(torch.randn(3), math.sin(1.0))]
        for x, y in pairs:
            loss = (model(x) - y).sum()
        """,
        None,
        message="not fixed: what its source yields is not shown: `y` may be a number",
        line=5,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        W = {"a": 0.25, "b": 0.75}
        def target(i):
            return i * 0.5
        class Stream:
            def __init__(self):
                self.scale = 0.5
            def __iter__(self):
                t = 0.0
                for i in range(3):
                    x = torch.randn(3)
                    t += 0.5
                    yield x, x.sum().item(), target(i), W["a"], self.scale * i, t
        for x, a, b, c, d, e in Stream():
            loss = (model(x) - a - b - c - d - e).sum()
        """,
        None,
        message="what `Stream()` yields is not shown: `a` may be a number",
        line=16,
    ),
    # Look-alikes: what the code shows to be a tensor (a torch call, a tensor's method, item or
    # arithmetic, a name bound to one, a batch of a `DataLoader`) is moved; a number written out stays.
    Invalid(
        """
        import torch
        from torch.utils.data import DataLoader
        device = torch.device("cuda")
        model = Net().to(device)
        loader = DataLoader(dataset, batch_size=8)
        def samples():
            for i in range(3):
                x = torch.randn(3)
                y = torch.tensor(i * 0.5)
                yield x.float(), y * 2, 0.5
        def rows():
            table = torch.randn(4, 3)
            for i in range(4):
                yield table[i], table[i].sum()
        def batches():
            for images, labels in loader:
                yield images, labels
        for x, y, w in samples():
            loss = (model(x) - y).sum() * w
        for x, y in rows():
            loss = (model(x) - y).sum()
        for x, y in batches():
            loss = (model(x) - y).sum()
        """,
        """
        import torch
        from torch.utils.data import DataLoader
        device = torch.device("cuda")
        model = Net().to(device)
        loader = DataLoader(dataset, batch_size=8)
        def samples():
            for i in range(3):
                x = torch.randn(3)
                y = torch.tensor(i * 0.5)
                yield x.float(), y * 2, 0.5
        def rows():
            table = torch.randn(4, 3)
            for i in range(4):
                yield table[i], table[i].sum()
        def batches():
            for images, labels in loader:
                yield images, labels
        for x, y, w in samples():
            x, y = x.to(device), y.to(device)
            loss = (model(x) - y).sum() * w
        for x, y in rows():
            x, y = x.to(device), y.to(device)
            loss = (model(x) - y).sum()
        for x, y in batches():
            x, y = x.to(device), y.to(device)
            loss = (model(x) - y).sum()
        """,
        message="`x`, `y` reach `model`",
    ),
    # A list the file fills with `append` holds what it appends (a counter's number, no `.to()`); one
    # it also changes otherwise (`extend`) holds what the code does not show. A class's `__iter__`
    # that returns another's generator draws what that one yields.
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        class Pairs:
            def __iter__(self):
                for i in range(2):
                    yield torch.randn(3), i * 0.5
        class Relay:
            def __iter__(self):
                return iter(Pairs())
        data = []
        for i in range(3):
            data.append((torch.randn(3), i * 0.5))
        for x, y in data:
            loss = (model(x) - y).sum()
        for x, y in Relay():
            loss = (model(x) - y).sum()
        """,
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        class Pairs:
            def __iter__(self):
                for i in range(2):
                    yield torch.randn(3), i * 0.5
        class Relay:
            def __iter__(self):
                return iter(Pairs())
        data = []
        for i in range(3):
            data.append((torch.randn(3), i * 0.5))
        for x, y in data:
            x = x.to(device)
            loss = (model(x) - y).sum()
        for x, y in Relay():
            x = x.to(device)
            loss = (model(x) - y).sum()
        """,
        message="`x` reaches `model`",
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        def fit(more):
            data = []
            for i in range(3):
                data.append((torch.randn(3), torch.randn(1)))
            data.extend(more)
            for x, y in data:
                loss = (model(x) - y).sum()
        """,
        None,
        message="what `data` yields is not shown: `x` may be a number",
        line=9,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        ys = [0.5, 1.0, 2.0]
        for x, y in zip(xs, ys):
            loss = ((model(x) - y) ** 2).sum()
        """,
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        ys = [0.5, 1.0, 2.0]
        for x, y in zip(xs, ys):
            x = x.to(device)
            loss = ((model(x) - y) ** 2).sum()
        """,
        message="`x` reaches `model`",
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        for i, (x, (y, w)) in enumerate(zip(xs, [(0.5, 1), (-1.0, 2)])):
            loss = w * (model(x) - y).abs().sum()
        """,
        """
        import torch
        device = torch.device("cuda")
        model = Net().to(device)
        for i, (x, (y, w)) in enumerate(zip(xs, [(0.5, 1), (-1.0, 2)])):
            x = x.to(device)
            loss = w * (model(x) - y).abs().sum()
        """,
        message="`x` reaches `model`",
    ),
    # A batch handed in, one value moved in the model's call: the value that meets the output is
    # moved the same way where it meets it. Shown to be a tensor by a generator of the file that
    # yields items of what every caller hands in (`returns.detach()`).
    Invalid(
        """
        import torch
        device = torch.device("cuda")
        class Agent:
            def __init__(self):
                self.critic = Critic().to(device)
            def minibatches(self, states, returns):
                for ids in torch.randperm(len(states)).split(8):
                    yield states[ids], returns[ids]
            def update(self, states, returns):
                for states_i, returns_i in self.minibatches(states, returns):
                    value = self.critic(states_i.to(device))
                    loss = 0.5 * (returns_i - value).pow(2).mean()
        Agent().update(states, returns.detach())
        """,
        """
        import torch
        device = torch.device("cuda")
        class Agent:
            def __init__(self):
                self.critic = Critic().to(device)
            def minibatches(self, states, returns):
                for ids in torch.randperm(len(states)).split(8):
                    yield states[ids], returns[ids]
            def update(self, states, returns):
                for states_i, returns_i in self.minibatches(states, returns):
                    value = self.critic(states_i.to(device))
                    loss = 0.5 * (returns_i.to(device) - value).pow(2).mean()
        Agent().update(states, returns.detach())
        """,
        message="`returns_i` meets the output of `self.critic`, which is on a device, but stays in host memory"
        " while `states_i` of the same batch is moved for the call; move it the same way",
        line=12,
    ),
    # ... by a torch loss (which takes tensors only), or a tensor method (`.float()`).
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        class Trainer:
            def __init__(self, model, device):
                self.device = device
                self.model = model.to(device)
            def fit(self, pairs):
                for x, y, w in pairs:
                    out = self.model(x.to(self.device))
                    loss = F.mse_loss(out, y) + (out - w.float()).abs().mean()
        """,
        """
        import torch
        import torch.nn.functional as F
        class Trainer:
            def __init__(self, model, device):
                self.device = device
                self.model = model.to(device)
            def fit(self, pairs):
                for x, y, w in pairs:
                    out = self.model(x.to(self.device))
                    loss = F.mse_loss(out, y.to(self.device)) + (out - w.float().to(self.device)).abs().mean()
        """,
        message="`y` meets the output of `self.model`",
        line=10,
    ),
    # The value is also used in host memory: report only.
    Invalid(
        """
        import torch
        def evaluate(model, pairs, device):
            for x, y in pairs:
                err = torch.nn.functional.l1_loss(model(x.to(device)), y)
                labels.append(y.numpy())
        net = Net().to(device)
        evaluate(net, pairs, device)
        """,
        message="not fixed: `y` is also used in host memory",
        line=4,
    ),
    # The same labels made by a method that does not move them: on the host when they reach `self.G`.
    Invalid(
        """
        import torch
        from torch import nn


        class Solver:
            def __init__(self, loader):
                self.loader = loader
                self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
                self.build_model()

            def build_model(self):
                self.G = nn.Linear(4, 4)
                self.G.to(self.device)

            def create_labels(self, c_org):
                labels = []
                for i in range(3):
                    labels.append(c_org * i)
                return labels

            def train(self):
                data_iter = iter(self.loader)
                x_fixed, c_org = next(data_iter)
                x_fixed = x_fixed.to(self.device)
                c_fixed_list = self.create_labels(c_org)
                for step in range(10):
                    try:
                        x_real, label = next(data_iter)
                    except StopIteration:
                        data_iter = iter(self.loader)
                        x_real, label = next(data_iter)
                    x_real = x_real.to(self.device)
                    self.G(x_real)
                    if step % 5 == 0:
                        with torch.no_grad():
                            for c_fixed in c_fixed_list:
                                self.G(x_fixed, c_fixed)
        """,
        message="`c_fixed` reaches `self.G`, which was moved to a device, but is never moved",
        line=36,
    ),
    # A random draw wrapped in `Variable(...)` is moved once drawn (made on the device, it would draw
    # other numbers), as a bare one is; fed to a submodule of the moved model.
    Invalid(
        """
        import torch
        from torch import nn
        from torch.autograd import Variable


        class VAE(nn.Module):
            def __init__(self):
                super().__init__()
                self.decoder = nn.Linear(20, 784)


        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        vae = VAE().to(device)
        sample = Variable(torch.randn(128, 20))
        recon_x = vae.decoder(sample)
        """,
        """
        import torch
        from torch import nn
        from torch.autograd import Variable


        class VAE(nn.Module):
            def __init__(self):
                super().__init__()
                self.decoder = nn.Linear(20, 784)


        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        vae = VAE().to(device)
        sample = Variable(torch.randn(128, 20)).to(device)
        recon_x = vae.decoder(sample)
        """,
        message="`sample` is created on the CPU and fed to `vae`",
        line=14,
    ),
    # (s32) A model moved by `.to(ref)` where `ref` is a tensor takes ref's device and dtype: `device=ref`
    # would raise (a tensor is no device), so the input is reported, not fixed. A name bound to a
    # device is fixed as before.
    Invalid(
        """
        import torch
        from torch import nn

        ref = torch.zeros(1, dtype=torch.float64)
        net = nn.Linear(2, 2).to(ref)
        out = net(torch.ones(1, 2, dtype=torch.float64))
        """,
        None,
        message="not fixed: its device cannot be named here",
        line=6,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        where = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        net = nn.Linear(2, 2).to(where)
        out = net(torch.ones(1, 2))
        """,
        """
        import torch
        from torch import nn

        where = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        net = nn.Linear(2, 2).to(where)
        out = net(torch.ones(1, 2, device=where))
        """,
        message="is created on the CPU and fed to `net`",
        line=6,
    ),
]
