"""## What it does
Finds data fed to a model that was moved to a device while the data itself never was, and moves it
once, at its boundary: after the statement where a loop's batch arrives (`x, y = x.to(device),
y.to(device)`), where a value of a dict or tuple batch is read (`batch["ids"].to(device)`), or where
a tensor fed to the model is created (`torch.randint(..., device=device)`). Targets that meet the
model's output in a loss or a comparison are moved with the inputs, with the model's own device.

The model may be moved in the same function, at the module's top level (a global the function
calls), in the constructor of the class whose method uses it (`self.model = model.to(self.device)`),
by every caller of a function it is passed to, or named by `next(model.parameters()).device`.
Batches arrive from `for` headers (with `enumerate`, `zip`), `x, y = batch`, `x, y = next(it)` in a
`while` loop, or as `model(**batch)` (its tensor values are moved, whatever its keys).

## Why is this bad?
On a GPU the forward pass stops with `RuntimeError: Expected all tensors to be on the same device`;
the code ran on a laptop only because everything was on the CPU there.

Silent when the data is moved on its path (`Variable(x.cuda())`, `if use_cuda: x = x.cuda()`, a
helper such as `to_var(x)`), by the loader's `collate_fn` or dataset, or by the model's `forward`.

## Example
```python
model = Net().to(device)
for x, y in loader:
    loss = criterion(model(x), y)
```

Use instead:
```python
model = Net().to(device)
for x, y in loader:
    x, y = x.to(device), y.to(device)
    loss = criterion(model(x), y)
```

## Fix safety
Safe: `.to(device)` of a tensor already on that device returns it unchanged. Reported without a fix,
saying why: a model moved only under a condition (`if use_cuda: model.cuda()`), a device the loop
cannot name, a batch also used in host memory (`x.numpy()`), a list or dict passed whole.
"""

from __future__ import annotations

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.batches import loop_batch
from codemods.created_inputs import CreatedInput, created_inputs
from codemods.dataflow import names_in
from codemods.model_inputs import loop_inputs
from codemods.moved_data import MovedData
from codemods.moved_models import Block, MovedModel, MovedModels
from codemods.nn_modules import model_names
from codemods.syntax import with_kwarg
from codemods.torch_names import is_simple_device


class InputNotOnDevice(Rule):
    code = "DEV001"
    name = "input-not-on-device"
    summary = "data fed to a model moved to a device was never moved itself; move it at the boundary"
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(", "parameters()).device")

    VALID = [
        # Moved in the loop, in a while loop after next(), or inline at the call.
        Valid("""
            import torch
            model = Net().to(device)
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                loss = criterion(model(x), y)
            while True:
                x, y = next(it)
                out = model(x.to(device))
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
        # Moved to the CPU: everything is on the CPU, consistently.
        Valid("""
            import torch
            model = Net().to("cpu")
            for x, y in loader:
                loss = criterion(model(x), y)
            """),
        # Only the loop counter's log and tensors built on the device reach the model.
        Valid("""
            import torch
            model = Embedder().to(device)
            ids = torch.randint(0, 10, (3,), device=device)
            for step in range(3):
                print(step)
                out = model(ids) + model(torch.randint(0, 10, (3,), device=device))
            """),
        # The loader was built from tensors on the device; its collate_fn moves the batch.
        Valid("""
            import torch
            model = Net().to(device)
            for x in DataLoader(torch.randn(16, 4).to(device), batch_size=4):
                out = model(x)
            """),
        Valid("""
            import torch
            def collate(samples):
                return torch.stack(samples).to(device)
            model = Net().to(device)
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
        # Labels kept on the CPU for NumPy metrics; a batch value moved where it is read.
        Valid("""
            import torch
            model = Net().to(device)
            for x, y in loader:
                pred = model(x.to(device)).argmax(1).cpu()
                correct += np.sum(pred.numpy() == y.numpy())
            for i, data in enumerate(loader):
                real = data[0].to(device)
                out = model(real)
            """),
        # A model moved only in some other method (call order unknown), or whose callers never move it.
        Valid("""
            import torch
            class Runner:
                def to_gpu(self):
                    self.model.cuda()
                def predict(self, loader):
                    for x in loader:
                        out = self.model(x)
            def evaluate(model, loader):
                for x in loader:
                    out = model(x)
            evaluate(Net(), loader)
            """),
    ]
    INVALID = [
        # Also through a compiled (or DistributedDataParallel) wrapper, which runs where its model is.
        Invalid("""
            import torch
            model = Net().to(device)
            for x, y in loader:
                # forward
                loss = criterion(model(x), y)
            fast = torch.compile(model)
            for (xa, _), (xb, _) in zip(loader_a, loader_b):
                loss = (fast(xa) - fast(xb)).pow(2).mean()
            """, """
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
            """, message="`x`, `y` reach `model`, which was moved to a device, but are never moved", line=3),
        # enumerate(), `.cuda()` spelled as the model's move; `Variable(x)` and `.float()` are not moves.
        Invalid("""
            from torch.autograd import Variable
            def train(loader):
                model = Net()
                model.cuda()
                for i, (inputs, labels) in enumerate(loader):
                    inputs = Variable(inputs).float()
                    loss = nn.functional.cross_entropy(model(inputs), labels)
            """, """
            from torch.autograd import Variable
            def train(loader):
                model = Net()
                model.cuda()
                for i, (inputs, labels) in enumerate(loader):
                    inputs, labels = inputs.cuda(), labels.cuda()
                    inputs = Variable(inputs).float()
                    loss = nn.functional.cross_entropy(model(inputs), labels)
            """, message="`inputs`, `labels` reach `model`", line=5),
        # A tuple batch unpacked by position; a target compared with the predictions.
        Invalid("""
            import torch
            model = Net().to(dev)
            for batch in loader:
                x, y = batch[0], batch[1]
                _, pred = torch.max(model(x), 1)
                correct += (pred == y).sum().item()
            """, """
            import torch
            model = Net().to(dev)
            for batch in loader:
                x, y = batch[0], batch[1]
                x, y = x.to(dev), y.to(dev)
                _, pred = torch.max(model(x), 1)
                correct += (pred == y).sum().item()
            """, message="`x`, `y` reach `model`"),
        Invalid("""
            import torch as T
            model = T.nn.Embedding(1000, 16).to("cuda:0")
            src = T.randint(0, 1000, (10, 20))
            out = model(src)
            """, """
            import torch as T
            model = T.nn.Embedding(1000, 16).to("cuda:0")
            src = T.randint(0, 1000, (10, 20), device="cuda:0")
            out = model(src)
            """, message="`src` is created on the CPU and fed to `model`", line=3),
        Invalid("""
            import torch
            model = Net()
            if use_cuda:
                model.cuda()
            for x in loader:
                out = model(x)
            """, message="not fixed: it is moved only under a condition", line=5),
        # The model held as an attribute, the device in self.device (or `args.device`, kept as
        # `self.args`); a dict batch read by key.
        Invalid("""
            import torch
            class Trainer:
                def __init__(self, model, device):
                    self.device = device
                    self.model = model.to(self.device)
                def fit(self, loader):
                    for batch in loader:
                        out = self.model(batch["x"])
                        loss = criterion(out, batch["y"])
            class Tuner:
                def __init__(self, model, args):
                    self.args = args
                    self.model = model.to(args.device)
                def fit(self, loader):
                    for x, y in loader:
                        loss = self.criterion(self.model(x), y)
            """, """
            import torch
            class Trainer:
                def __init__(self, model, device):
                    self.device = device
                    self.model = model.to(self.device)
                def fit(self, loader):
                    for batch in loader:
                        out = self.model(batch["x"].to(self.device))
                        loss = criterion(out, batch["y"].to(self.device))
            class Tuner:
                def __init__(self, model, args):
                    self.args = args
                    self.model = model.to(args.device)
                def fit(self, loader):
                    for x, y in loader:
                        x, y = x.to(self.args.device), y.to(self.args.device)
                        loss = self.criterion(self.model(x), y)
            """, message='`batch["x"]`, `batch["y"]` reach `self.model`', line=7),
        # A batch passed with ** : its tensor values are moved, whatever its keys.
        Invalid("""
            import torch
            model = Net().to(device)
            for batch in loader:
                out = model(**batch)
            """, """
            import torch
            model = Net().to(device)
            for batch in loader:
                batch = {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}
                out = model(**batch)
            """, message="`batch` reaches `model`"),
        # x, y = next(it) inside a while loop; the device in `cfg.device`.
        Invalid("""
            import torch
            model = Net().to(cfg.device)
            while step < n:
                x, y = next(it)
                loss = criterion(model(x), y)
            """, """
            import torch
            model = Net().to(cfg.device)
            while step < n:
                x, y = next(it)
                x, y = x.to(cfg.device), y.to(cfg.device)
                loss = criterion(model(x), y)
            """, message="`x`, `y` reach `model`", line=3),
        # A model passed to a function whose caller moved it (the device a parameter), or asked for its device.
        Invalid("""
            import torch
            def train(model, loader, dev):
                for x in loader:
                    out = model(x)
            def predict(net, loader):
                device = next(net.parameters()).device
                for x in loader:
                    out = net(x)
            def main():
                model = Net().to(device)
                train(model, loader, device)
            """, """
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
            def main():
                model = Net().to(device)
                train(model, loader, device)
            """, message="`x` reaches `model`", line=3),
        # A global model moved under `if __name__ == "__main__":`; a batch value read into a name.
        Invalid("""
            import torch
            device = torch.device("cuda")
            def train():
                for i, data in enumerate(loader):
                    net.zero_grad()
                    real = data[0]
                    loss = net(real).mean()
            if __name__ == "__main__":
                net = Net().to(device)
                train()
            """, """
            import torch
            device = torch.device("cuda")
            def train():
                for i, data in enumerate(loader):
                    net.zero_grad()
                    real = data[0].to(device)
                    loss = net(real).mean()
            if __name__ == "__main__":
                net = Net().to(device)
                train()
            """, message="`data[0]` reaches `net`", line=4),
        # The batch is used for NumPy work too, or passed whole: report only.
        Invalid("""
            import torch
            model = Net().to(device)
            for x in loader:
                out = model(x)
                stats.append(x.numpy().mean())
            """, message="not fixed: `x` is also used in host memory"),
        Invalid("""
            import torch
            model = Net().to(device)
            for batch in loader:
                out = model(batch, batch["mask"])
            """, message="not fixed: `batch` is passed whole"),
    ]

    def check(self) -> None:
        placements = MovedModels(self.tree, self.aliases)
        if not any(block.moves for block in placements.blocks):
            return  # no model is moved (or asked for its device) anywhere
        known_models = model_names(self.tree, self.aliases)
        self.moved_data = MovedData(self.tree, self.aliases)
        for block in placements.blocks:
            for loop, models in placements.loops_calling(block, known_models):
                self._check_loop(loop, models, block, placements)
            for created in created_inputs(self.tree, self.aliases, block, placements.models_called_in(block, known_models)):
                self._fix_factory(created)

    def _check_loop(self, loop: cst.For | cst.While, models: list[MovedModel], block: Block, placements: MovedModels) -> None:
        batch = loop_batch(self.tree, loop)
        passed = placements.arguments_passed(block)
        if batch is None or self.moved_data.drawn_from_device(batch.source, block, placements.blocks[0], passed):
            return
        for model in models:  # the first model the batch reaches
            found = loop_inputs(self.tree, self.aliases, batch.rest, batch.names, model.name)
            named = found.named()
            if named and not self.moved_data.forward_moves_inputs(model.name):
                break
        else:
            return
        verb, be = ("reach", "are") if len(named) > 1 else ("reaches", "is")
        listed = ", ".join(f"`{n}`" for n in named)
        message = f"{listed} {verb} `{model.name}`, which was moved to a device, but {be} never moved"
        torch = self.aliases.local_name_for("torch")
        unsure = (
            model.why_unsure
            or ("" if is_simple_device(model.move.device, self.aliases) else "its device is not a plain name")
            or found.why_not_moved(self.tree, batch, torch)
        )
        if unsure:
            self.report(loop, f"{message}; not fixed: {unsure}")
        else:
            edits = found.moves(self.tree, batch, model.move, torch)  # type: ignore[arg-type]
            self.report(loop, f"{message}; move at the top of the loop", edits=edits)

    def _fix_factory(self, created: CreatedInput) -> None:
        model, factory = created.model, created.factory
        message = (
            f"`{created.name}` is created on the CPU and fed to `{model.name}`, which was moved to a device;"
            " create it on the device"
        )
        device = model.move.device
        if model.move.method == "cuda":
            # `.cuda()` means the current CUDA device; `.cuda(i)` has no factory spelling we trust.
            device = cst.SimpleString('"cuda"') if device is None else None
        nameable = (
            device is not None
            and is_simple_device(device, self.aliases)
            and names_in(self.tree, device) <= created.bound
        )
        unsure = model.why_unsure or ("" if nameable else "its device cannot be named here")
        if unsure:
            self.report(factory, f"{message}; not fixed: {unsure}")
        else:
            self.report(factory, message, edits={factory: with_kwarg(factory, "device", device.deep_clone())})  # type: ignore[union-attr]
