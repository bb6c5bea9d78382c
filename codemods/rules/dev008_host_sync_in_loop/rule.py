"""## What it does
Finds host syncs on device tensors in code that runs every training or evaluation step: `.item()`,
`.tolist()`, `.cpu()` (and `.to("cpu")`, `.to(device="cpu", non_blocking=True)`, a CPU tensor type
`.type(torch.LongTensor)`), `.numpy()`, `float(t)`/`int(t)`/`bool(t)`, `math.isnan(t)`,
printing or formatting a tensor (f-strings, `"%f" % t`, `"{}".format(t)`), `if t > 0:` and
`assert not torch.isnan(t).any()` on a tensor, a logger given a tensor (`writer.add_scalar(tag, t)`),
and the pre-0.4 `loss.data[0]` of a loss or a full reduction (also of a tensor named for a loss, of what a
function named for a loss returns, `dice_loss(out, y).data[0]`, and of arithmetic on losses, `(gamma *
d_loss_real - d_loss_fake).data[0]`; and `x.data[0]` of any device tensor summed into a name, appended to
a list, compared by `min`/`max` or converted: how pre-0.4 code read a number; in a file that
reads `.data[0]`, also a meter given a tensor's first element, `top1.update(prec1[0], n)`, a number
then), `range(t)` and `torch.arange(t)` of a device tensor (`range(lengths.max())`: the host needs the
number to count with; reported only), and an explicit `torch.cuda.synchronize()` in a step that reads no
clock (reported only: it waits and does nothing else, while a step that times itself needs it; it keeps no
other sync's fix from being made). Code runs every
step in the body of a training loop (a loop that calls `.backward()` or an optimizer's `.step()`), in
an evaluation loop (a `for` loop over batches, not over `range(...)`, that runs a model, `self.model`
too: `for x, y in test_loader: out = model(x)`; a loop over numbers or a `while` loop that draws the
model's input with `next(it)` or from a function named for drawing a batch, `X, Y = get_batch(split)`;
a loop over a loader, `val_loader` (also one picked from a dict of loaders, `dataloaders[phase]`, and a
name every binding of which is a `DataLoader(...)`, `valid_iter`), also
where a loop of its own runs
the model crop by crop or a helper of the file runs it, `self.batch_hits(x, y)`; a loop over anything
that hands its items to a helper of the file, with no loop of its own, that runs a model on them, `for
batch in self.data: self.run_batch(batch)`, and such a helper handed each item of a comprehension,
`[self.decode(s) for s in sentences]`; a model class's own method that `forward` does not call and that
goes over a loader, or over batches it slices by the loop's counter from data it is given, `x = X[i *
MB:(i + 1) * MB]`, running the model on each, `self(x)`, `self.calculate_loss(x)`; and also inside a
training loop under an every-N-steps branch: each of its batches waits), in a function that takes one step
(`.backward()` outside any loop: `def train_step(...)`; or, outside any loop, hands an optimizer and a loss
by their names to a function of another file that steps with them, `self.take_optimisation_step(
self.optimizer, self.net, loss)`, where the function itself neither steps nor reads that loss as a number;
whose callers' loops are training loops in turn, also where it is a method called on an instance of the
file's class: `trainer.train_step(x, y)`),
in the `forward` of the file's `nn.Module` classes (also of a class whose base is in another file but
that builds `torch.nn` layers, and of a wrapper that is no module but runs one, `self.net(x)`, its input
where the caller keeps it; and a `LightningModule`'s `training_step`, `validation_step`,
`test_step`, which Lightning calls on each batch), and in the functions of the file all these call
(`accuracy(out, y)`, `self.trim(h)`, `agent.act(state)` on an instance of the file's class,
`model.predict(x)` on a model the file is given, where one module class of the file defines `predict`,
`agent.evaluate_batch(x, y)` on an instance the function is given, `def run(agent, loader)`, or keeps
from its `__init__`'s argument, where one class of the file defines that method and its name is none a
library object shares, `step`, `update`, `log`),
however deep (a function with a loop of its own, `def evaluate(...)` decoding step by step, runs whole:
its code around that loop too); and in the functions the file registers as hooks
(`layer.register_forward_hook(f)`, `t.register_hook(f)`), which run on every forward or backward, and those
an engine runs on every batch:
put in its hooks under a per-batch event (`engine.hooks["on_forward"] = f`, `on_sample`, `on_update`; the
state they are given is a value the code does not show) or handed to that engine's `train`/`test`
(`engine.train(h, loader, epochs, optimizer)` calls `h(sample)` with the loader's host batch).

Only values the rule can tell are device tensors count: the loss (the receiver of `.backward()`, also
when unpacked from a tuple, a criterion's result), model outputs (also of an instance of an imported class
the file builds, moves to a device and calls: `enc = Encoder().cuda()`, then `enc(x)`; and of a name
called with one argument, a tensor moved in the call, `cnn(x[i:i + 64].cuda())`), a module's input in
`forward`, results
of `torch` functions and tensor methods, a model's parameters, what the file's own functions return
(also what they return given device tensors: `acc = accuracy(out, y)` of `(out.argmax(1) ==
y).float().mean()`; a list it fills only with device tensors, `res.append(correct_k.mul_(100.0 / n))`,
gives tensors indexed or unpacked, `prec1, prec5 = accuracy(out, y)`) and are given, and what is computed
from them; `.item()` also of what a function the
file does not show returns when given device tensors (`acc = score(out, y)`: a float has no `.item()`,
so it is a tensor, or the function copied it to the host itself); `.item()`, `.cpu()` and a pre-0.4
`.data[0]` read as a number (summed, appended, formatted, logged, handed to a meter's `update`) of a
value the code does not show at all (`{k: v.item() for k, v in loss_dict.items()}`, `batch["y"].cpu()`
of a batch moved field by field): only tensors have them. Tensors on the host (after `.cpu()`, from a
factory without `device=`) are not, nor values the code shows are no device tensors: numbers, NumPy
values, a loader's batch never moved, a module's arguments after its input, and what functions and
methods make of these (not the file's abstract methods, `@abstractmethod` or a body of `pass` or `raise
NotImplementedError`: an override runs there, and it may run the model on the device). Left alone: work
done on some steps only (`if step % 100 == 0:`, `if i in checkpoints:`; but a branch taken every N steps that
trains, `if i % n_critic == 0:`
around a generator's `backward()` and `step()`, is a training step of its own), an `except` handler,
methods `forward` does not call (`extra_repr`, `sample`), a module's other arguments (lengths stay on
the host for packing), the input of an environment or a replay memory (`env.step(action.cpu().numpy())`, not
a scheduler's `scheduler.step(loss)`,
`mem.update_priorities(i, p.cpu().numpy())`, any copy of the action an environment takes, also one a
helper of the file returns where every call names it for the environment, `action = choose(q, obs)[0]`
before `env.step(action)`: the algorithm keeps host values there), what is written to files or figures
(`save_image(fake.cpu(), path)`, `plt.imshow(img.cpu())`: the copy is the output), a branch on a verbose
or debug flag (`if args.verbose:`), a copy the line before has just made, and scripts that never put work on
a GPU (no `cuda`, `gpu`, `mps` or accelerator in the code, and no device but the CPU; a tensor moved to a
device named only by a short name the file does not bind to the CPU, `data.to(self.dev)`, may be on a GPU):
a sync costs nothing. A file that only defines modules (no loop of its own) runs where its importer puts the
model: its `forward` counts, and so do its module-level functions named for a loss or a metric that compute
with torch (`loss_fn`, `get_accuracy`, `dice_coeff` in a `metrics.py` with no loop and no `if __name__ ==
"__main__":`; not a factory that builds the criterion, `get_loss_criterion(config)` returning
`nn.MSELoss()`): a loop of another file computes them on each batch's outputs, their parameters without a
default device tensors; so does a loop that runs a model its function is given, in a function no code of
the file calls (`def evaluate(model, loader)`, a trainer's `self.model` kept from its `__init__`
argument): the caller, in another file, puts that model on its device.

The usual accumulator of a training or evaluation loop, `total += loss.item()` started as `total = 0.0`
somewhere before the loop (also before the `with torch.no_grad():` holding it; or `0`, also `total, n =
0, 0`, where the sum is of a torch loss, a float, also one the file's own function or method returns, or
of a value shown to be floating: what the loop calls `.backward()` on, as autograd needs a floating
tensor, a true division `hits / n`, arithmetic with a float, a cast to a floating dtype, a mean, a loss
function handed on by name, `loss_fn = F.cross_entropy`; a sum of what may be ints stays an int), is
fixed (unsafe): the sum stays on the device in float64, the host's precision (`total +=
loss.detach().double()`; where the file may pick a device without float64, such as MPS, the loss's own
device chooses at run time, `loss.detach().double() if loss.device.type in ("cuda", "cpu") else
loss.item()`, the host's sum elsewhere, as before; see "Fix safety") and is converted once after the loop
(`total = float(total)`); where the loop logs it every N steps (under an `if`) and resets it, it is read
there as `float(total)`. The same sum spelled `total = total + loss.item()` is kept the same way, and so is
one under a key of a dict of numbers started just before the loop (`metrics = {"test_loss": 0, ...}`,
`metrics["test_loss"] += loss.item()`) where the loop names the dict only to add to its keys (read back as
`metrics["test_loss"] = float(metrics["test_loss"])`). `total += float(loss)` (also scaled, and
`float(t.item())`) is the same sum: `float(t)` is the host's float64 of `t`, as `.item()` is, and it is kept
on the device the same way (for a value that is not a name, only where every device the file may pick has
float64). `t.cpu().item()` (also `t.detach().cpu().item()`, `.to("cpu")`) reads the number `t.item()` reads, a
copy being exact: its sums and lists are kept on the device the same way, without the copy (and
`c.cpu().sum().item()` of a count as `c.sum()`: exact in int64 wherever it is summed; a floating
`.cpu().sum()` is reported only, a device rounding in another order). A count started at an int, `correct +=
(pred == y).sum().item()` (also of a name the step binds to such a count first, `correct = (pred ==
y).sum()`, also one it copies to the host there, `c = (pred == y).cpu().sum()`, where the loop reads `c`
only in `total += c.item()` and nothing reads it after the loop: counted without the copy), stays an exact
int64 tensor (`correct += (pred == y).sum()`, then `correct = int(correct)`); a count copied to the host
every step without `.item()`, `correct += (pred == y).cpu().sum()` from an int and read only after the loop,
is counted on the device and copied once after it (`correct = correct.cpu() if torch.is_tensor(correct) else
correct`: the same CPU int64 tensor; a float sum is left alone: a device's reduction rounds in another
order). A per-step value named
first, `batch_loss = loss.item() * batch_size` (scaled by a size: `len(x)`, `x.size(0)`, or a name every
binding of which is one; never by what may be a tensor, whose float32 would then be promoted
differently), also bound on either branch of an `if`, and read in the loop only by such sums and where
the loop logs, stays a detached float64 tensor: each sum is kept on the device (`float(batch_loss)` where
it is logged), and it is read nowhere after the loop. A sum may start before an enclosing loop whose
other code binds it nowhere (`report_loss = 0` before `while True:`, summed in the inner `for`: read back
after each pass of the inner loop), before a `try:` around the loop where neither its handlers nor the
code after it read the sum (an exception that stops the loop halfway would leave it a tensor there), by a
chained assignment (`step = total = 0`), and be reset by one (`total = n = 0.`). A read in an `if`'s test
runs every step: it keeps the sum on the host. A step function that returns the number, `return loss.item() /
n` (or `return output, loss.item()`, or several, `return loss.item(), acc.item()`; scaled by a size, a float
literal or a number argparse made, `args.chunk_len`), where every call of the function (its name used nowhere
else) names the value in a loop, `loss = train(x, y)`, read there only by such sums and where the loop logs,
and nowhere after it, returns the detached float64 tensor instead: the caller's sums are kept on the device
and its logged reads become `float(loss)` (one a `%` format converts with `%f`, `%e` or `%g` stays as it is:
it formats the 0-dim tensor through `float()`, the same text). So does a trainer's step method, `return
loss.item()` in a method of a top-level class (undecorated, or only under `@torch.no_grad()`), every
call of which is `self.train_step(x, y)` in such a loop, its name used nowhere else in the file (no
override, `super()` call or `trainer.train_step(...)`). Values kept per step in a list the loop does not
otherwise use, started as `[]` just before it (also `losses, steps = [], []`;
`losses.append(loss.item())`, or `float(loss)` of a floating value), are appended as detached tensors
and read with one copy after the loop (`losses =
torch.stack(losses).tolist() if losses else []`: the same floats, in order); a list started before an
epoch loop whose other code never names it (`history = []`, then `for epoch ...:` around the batches)
is read after that outer loop, and so is a history dict's list (`hist["D_loss"] = []` before the loops,
`hist["D_loss"].append(d_loss.item())`, `hist` a name or `self.train_hist`) where the loop reads
neither the dict whole nor that list and calls no function of the file that names the dict (`hist[
"D_loss"] = torch.stack(hist["D_loss"]).tolist() if hist["D_loss"] else []`). The file's usual average
meter (`update(self, val, n=1)` setting `val`, `sum += val * n`, `count`, `avg = sum / count`, and
nothing else in the class), made in the function and given `loss.item()`, is given
`loss.detach().double()` instead where the function reads the meter only through its `val`, `avg`,
`sum` (those reads become `float(...)`) or as an argument of `"...".format(...)` without `!r`/`!s` (a
field `{l.avg:.4f}` formats a 0-dim tensor as its number, the same text); a meter of a class imported
from another file is reported only, its message naming the class (its `update` is not shown). Predicted
classes added to a list batch by batch, `preds += out.argmax(1).cpu().numpy().tolist()` (or
`preds.extend(...)`; indices only: `argmax`, `argmin`, `.max(dim)[1]`, a small int64 tensor a batch,
where features or logits kept on the device until the loop ends could fill its memory), with the list
started as `[]` just before the loop and used nowhere else in it, keep each batch's tensor
(`preds.append(out.argmax(1).detach())`) and read the list once after the loop (`preds = [x for part
in preds for x in part.tolist()]`: the same ints, nested alike, whatever each batch's shape; also of a
name the step binds to such indices, reshaped, `top = torch.max(out, 1)[1].view(-1).data`, or unpacks,
`_, preds = torch.max(out, 1)`); extended with each batch's array, `preds.extend(p.cpu().numpy())`, the
list is read back as `[x for part in preds for x in part.cpu().numpy()]`: the same NumPy values. Appended
as NumPy arrays, `y_pred.append(preds.detach().cpu().numpy())`, they are kept the same way and copied once
after the loop (`y_pred = [part.cpu().numpy() for part in y_pred]`: the same arrays, in order), and as CPU
tensors, `y_pred.append(preds.cpu())`, copied as `[part.cpu() for part in y_pred]`. The
target the step hands a call beside the output whose indices are listed (`loss = criterion(logits,
label)` with `preds = logits.max(1)[1]`: a class index a prediction), or the loop's own batch label where
it lists such indices (`for x, label in loader:`, only moved), is listed the same ways; a tensor changed
in place after it is listed (`label[mask] = 0`: the kept one shares its storage) is reported only. Where
the loop
reads such a list only in a logging branch that empties it after reading (`if len(losses) == 100:
print(np.mean(losses)); losses = []`; its length anywhere), for a value shown to be 0-dim, that branch
first reads the tensors kept since the last log with one copy (the same conversion), and the code after
the loop does too. A list that branch reads but never empties (`if frame % 200 == 0: plot(frame,
losses)`; its length read only there) gets the step's tensors in a list of its own, `losses_pending`,
started before the loop, and the branch first moves them into the list with one copy (`losses +=
torch.stack(losses_pending).tolist() if losses_pending else []`, then `losses_pending = []`), as does the
code after the loop: the same floats in the same list object, each value copied once (copying the whole
list at each log would cost more and more); not where a function of the file reads the list by its name.
A dict of numbers the loop starts afresh every step (`stats = {}` on the loop body's own level),
fills with `.item()`s of tensors (`stats["D/loss"] = d_loss.item()`, also under an `if`; or writes as one
literal of them, `stats = {"loss": loss.item()}`, `dict(loss=loss.item())`) and reads only in one branch
after every store, and nowhere after the loop (`if (i + 1) % log_step == 0: for tag, value in stats.items():
...`), stores copies of the tensors (`d_loss.detach().clone()`: the value at the store, whatever the step
does to it in place later), and the branch first reads them all, `stats = {k: v.item()
for k, v in stats.items()}`: the same numbers (ints stay ints), keys and order, read only on the steps
that log (not where the branch sits in a loop of its own: it would convert twice). The fix is made only
when it removes the loop's last sync: while another sync waits every step (`print(loss.item())`, also a
second `history.append(loss.item())` the rule leaves unreported where it cannot be fixed), keeping the sum
on the device saves nothing, and the finding names the statement that still waits. Such a second read of
what the line before copied is fixed with it where it can be (`n_loss += loss.item()` after `total +=
loss.item() * n`), and is then reported with its fix; a sum divided or multiplied by a number in place
where it is logged (`window /= 100` before the print) is divided as a float64 tensor, the host's digits.
A file that names no GPU and no device but runs a model it is given lets the value's device choose
float64 at run time (the caller may pick MPS). `.item()` of what a function the file does
not show returns is reported only (it may be a NumPy number, which has no `.detach()`), but for a
parameter named for a loss function (`def evaluate(model, loader, criterion)`: `criterion`, `loss_fn`,
`loss_function`...) given a device tensor, also one a class of the file keeps as it is given (`self.criterion
= criterion`, then `self.criterion(out, y)`): that is a loss, a floating tensor. A helper of the file whose
returned `.item()` every caller sums, `hits += num_correct(out, y)`, returns the tensor (a count: the int64
count itself, summed only from an int), and the caller reads its sum back after the loop. Every
other sync (in `forward`, prints) is reported with its line, and where the code shows that the host needs
the value every step (printed or logged, branched on, handed to a function that is not torch's, lengths
given to `pack_padded_sequence`), the message says so and what to do instead: no fix keeps that output.
Where no fix applies for another reason, the message names it too: a pre-0.4 `.data[0]` (DEV009 makes it
`.item()`, and the next pass fixes its sum), a value not shown to be a tensor, a step function or
`forward` whose loop is in its callers, a returned number no fix follows into every caller, a host copy
the step computes with, a named number the step uses, a sum kept in an attribute or not started as a
number before the loop, a list read in the loop, a meter whose `update` is not shown.

What counts as every step follows the labelling book: the body of a training or an evaluation loop,
and what it calls, is every step; a logging branch taken every N steps (`if i % 100 == 0:`) is not,
and is left alone.

## Why is this bad?
CUDA runs asynchronously: Python queues kernels and moves on, so the next step's work is queued while
the GPU still computes this one. Reading a value on the host (`.item()`, printing, branching on a
tensor) makes Python wait until the GPU has finished everything queued so far, then copy the value
back. Once per step, the queue drains every step and the GPU idles while Python prepares the next
batch: the PyTorch performance guide lists it as a first thing to remove.

## Example
```python
running = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    running += loss.item()
print(running / len(loader))
```

Use instead:
```python
running = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    running += loss.detach().double()
running = float(running)
print(running / len(loader))
```

## Fix safety
Unsafe: the sum is a tensor until the loop ends. Where every device the file may pick is CUDA or the
CPU (literal devices, `"cuda" if torch.cuda.is_available() else "cpu"`, `.cuda()`), it is kept in
float64 and the digits are the host's: a float32 loss converts to float64 exactly, and the same
additions, products and divisions round alike on both. Where the file may pick a device without
float64 (it names MPS, `torch.accelerator`, an `Accelerator`, XPU or XLA, or takes its device from a
parameter, `args.device` or anything the code does not show), `.double()` would fail on Apple's MPS:
the value's own device chooses at run time (`loss.detach().double() if loss.device.type in ("cuda",
"cpu") else loss.item()`), so the digits are the host's on every device, and a device without float64
still reads the value every step, as before. A value that is not a name (`F.nll_loss(out, y).item()`)
is not computed twice: it is named first, on a line of its own (`test_loss_term = F.nll_loss(out, y)`),
and that name chooses; where that cannot be (another statement on the line, a named per-step value or a
returned one), the sum is kept in float32 (`.detach().float()`), which every device has, and its last
digits may differ from the host's float64 sum (the message says so). Applied only with
`--unsafe-fixes`, and only when nothing in the loop reads the accumulator every step. A step function
whose returned number becomes a tensor is checked against the calls this file shows: another module that
imports and calls it would get the tensor too.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m

from codemods.analysis.gpu_use import float64_on_every_device, may_use_a_gpu
from codemods.analysis.scalars import Scalars
from codemods.analysis.training_loops import Event, TrainingLoops
from codemods.core.base import FixSafety, Rule
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree
from codemods.rules.dev008_host_sync_in_loop._host_syncs import SIZED_BY_A_TENSOR, HostSyncs, Sync, short
from codemods.rules.dev008_host_sync_in_loop._sync_accumulators import (
    _FLOAT64_DEVICES,
    accumulator_fix,
    appended_array_fix,
    can_name_first,
    counted_copy_sum,
    extended_list_fix,
    float_sum_fix,
    history_fix,
    host_count_fix,
    keeps_float64,
    keyed_sum_fix,
    list_fix,
    logged_dict_fix,
    logged_list_fix,
    meter_fix,
    named_sum_fix,
    returned_fix,
    sum_refusal,
    sums_a_count,
)

_ADVICE = "; keep it on the device and read it once after the loop (or every N steps)"
_SHOWN_SUM = (
    "; the sum `{}` is read every step (`{}`), so no fix keeps it on the device: show it every N steps (then"
    " it can stay there between)"
)
_SUMMED = "; accumulate it on the device and convert once after the loop"
_RETURNED = (
    "; return it as a tensor, sum it on the device where the caller sums it and convert once after the"
    " caller's loop"
)
_COUNTED = "; count on the device and copy the count to the host once after the loop"
_LISTED = "; keep each batch's indices on the device and read them all once after the loop"
_ARRAYS = "; keep each batch's tensor on the device and copy them all to the host once after the loop"
_FLOAT = m.Call(func=m.Name("float"))
_LOGGED = "; keep it on the device and read it only where the loop logs"
_METERED = "; give the meter the tensor and read its average where the code reads it"
_FLOAT32 = (
    " (summed in float32: the file may pick a device without float64, such as Apple's MPS, so the last"
    " digits may differ from the host's float64 sum)"
)
_CHOSEN = (
    " (in float64, the host's digits, where the value is on CUDA or the CPU; the file may pick a device"
    " without float64, such as Apple's MPS, and there the value is still read every step)"
)


_PRINTED = (
    "; it is printed or logged every step, and no fix keeps that output: print it every N steps (or sum it"
    " on the device and print the sum)"
)
_BRANCHED = (
    "; the step branches on it, so the host needs it every step: test it every N steps, or keep the test on"
    " the device (`torch.where`)"
)
_HANDED = (
    "; `{}` is given it every step, and needs a host value: hand it over every N steps, or give it the tensor"
)
# What a printed or logged value goes through (the loggers are `_host_syncs`' own).
_SHOWN = re.compile(
    r"^(print|(.*\.)?(write|info|debug|warning|log|set_postfix|set_description|add_scalars?|log_value"
    r"|scalar_summary|histo_summary|log_metrics?))$"
)
_PACKED = (
    "; `pack_padded_sequence` needs the lengths on the host: keep them there from the loader on (do not move"
    " them to the device with the batch)"
)
# Calls whose argument is kept, converted or summed, not used by the host: the usual fixes' business.
_KEEPERS = frozenset({"append", "extend", "update", "float", "int", "bool", "sum", "len", "round", "abs"})
_METRIC = (
    "; `{}` is a loss or a metric that a loop of another file computes on each batch (this file has no loop"
    " of its own): return the tensor and let the caller read it every N steps"
)
# Why no fix was made, by the shape of the statement, where no more precise reason is known: what the
# user can change so that a fix applies (or why none can).
_PRE_04 = (
    "; no fix is made for the pre-0.4 spelling: DEV009 rewrites it as `.item()`, and this rule then keeps a"
    " sum or a list of it on the device where it can"
)
_BRANCHING_SYNC = "is a tensor: branching on it"
_SIZED = (
    "; the host needs that number every step to count the loop or size the tensor: take it from a host value"
    " (the lengths before they are moved to the device, `x.size(1)`), or use a fixed maximum"
)
_ITEM = m.Call(func=m.Attribute(attr=m.Name("item")), args=[])
_COPY = m.Call(func=m.Attribute(attr=m.Name("cpu") | m.Name("numpy") | m.Name("tolist")))
_NOT_SHOWN = (
    "; the code does not show that `{}` is a tensor (a NumPy number has `.item()` too, but no `.detach()`),"
    " so no fix keeps it on the device: read it every N steps"
)
_RETURNED_UNFIXED = (
    "; `{}` returns the number every step, and no fix follows it into every caller (a method, a function"
    " handed on, or a caller that does more with it than sum it and log it): return the tensor and read it"
    " where the caller logs"
)
_NO_LOOP = (
    "; `{}` runs every step, but the loop that calls it is not in this function, so no fix here can move the"
    " read after that loop: return the tensor and read it there every N steps"
)
_COPY_USED = (
    "; `{}` holds a host copy that the step goes on to use, so it cannot stay on the device: compute with it"
    " in torch on the device and copy the result once after the loop"
)
_SUM_UNFIXED = (
    "; the sum `{}` cannot stay on the device as the code stands: the fix needs a local name started as a"
    " number before the loop, read in the loop only where it logs and summed only from tensors"
)
_SUM_ELSEWHERE = (
    "; the sum is kept in `{}`, not in a local name, and other code may read it as a number: sum into a local"
    " name and store it once after the loop"
)
_NAMED_UNFIXED = (
    "; `{}` is used as a number in the step (not only summed and logged where the loop logs), so the host"
    " needs it every step: use the tensor there, or read it every N steps"
)
_LIST_UNFIXED = (
    "; the list `{}` is read, handed on or kept past the loop in ways a fix cannot follow (it must start as"
    " `[]` before the loop and be read only after it): read it every N steps"
)
_UPDATE_UNSHOWN = (
    "; `{}` is given it every step, and its `update` is not shown to only sum it: give it the tensor if it"
    " only sums, and read its average every N steps"
)
_FOREIGN_METER = (
    "; `{}` is an instance of `{}`, a class this file does not define: whether its `update` only sums (and"
    " could be given the tensor) is not shown here, so no fix is offered"
)


def _why_kept(
    tree: Tree, aliases: ImportAliases, sync: Sync, event: Event, refusal: str | None = None
) -> str:
    """Why no fix is offered, where the code shows it: the value is printed or logged, branched on, or
    handed to a function every step (the host needs it then); else how to keep it on the device."""
    if event.is_test:
        return _BRANCHED
    if SIZED_BY_A_TENSOR in sync.what:
        return _SIZED
    below: cst.CSTNode = sync.node
    for above in tree.ancestors(sync.node):
        if above is event.node or isinstance(above, (cst.If, cst.While, cst.BaseSuite)):
            shown = _sum_shown(tree, event) if above is event.node else None
            return _SHOWN_SUM.format(*shown) if shown is not None else _unfixed(tree, sync, event, refusal)
        if isinstance(above, (cst.IfExp, cst.Assert)) and below is above.test:
            return _BRANCHED
        if isinstance(above, cst.FormattedString) or (
            isinstance(above, cst.BinaryOperation) and isinstance(above.operator, cst.Modulo)
        ):
            return _PRINTED
        if isinstance(above, cst.Call) and below is not above.func:  # (not `t.cpu().numpy()`: a chain)
            name = dotted_name(above.func) or ""
            method = above.func.attr.value if isinstance(above.func, cst.Attribute) else name
            if _SHOWN.match(name) or method == "format":
                return _PRINTED
            torch_function = (aliases.qualify(above.func) or "").split(".")[0] == "torch"
            if method == "pack_padded_sequence":
                return _PACKED
            if method == "update" and above.args and below is above.args[0]:
                foreign = _foreign_meter(tree, above)
                if foreign is not None:
                    return _FOREIGN_METER.format(*foreign)
            if method in _KEEPERS or not name or method.endswith("_") or torch_function:
                # (torch's functions and in-place methods take the tensor as it is)
                return _unfixed(tree, sync, event, refusal)
            return _HANDED.format(short(above.func))
        below = above
    return _unfixed(tree, sync, event, refusal)


def _unfixed(tree: Tree, sync: Sync, event: Event, refusal: str | None = None) -> str:
    """Why no fix keeps the value on the device, told by the shape of the statement that reads it (a
    pre-0.4 read, a value not shown to be a tensor, a return, a step without its loop, a host copy used
    on, a sum, a name, a list or a meter no fix could keep; ``refusal``: why the sum's fix refused it);
    the general advice where none fits."""
    node = sync.node
    statement = event.node
    if _BRANCHING_SYNC in sync.what:  # (`[x for x in xs if t > 0]`: a branch that is not the event's test)
        return _BRANCHED
    if isinstance(node, cst.Call) and _SHOWN.match(dotted_name(node.func) or ""):
        return _PRINTED  # (`print(loss, step)`: the sync is the call itself, printing the tensor)
    returned = isinstance(statement, cst.Return)
    if not returned and event.loop is None and isinstance(event.step, cst.FunctionDef):
        return _NO_LOOP.format(event.step.name.value)
    if isinstance(node, cst.Subscript):  # `loss.data[0]`
        return _PRE_04
    item = m.matches(node, _ITEM)
    if item and not sync.item:
        return _NOT_SHOWN.format(
            short(cst.ensure_type(cst.ensure_type(node, cst.Call).func, cst.Attribute).value)
        )
    function = next((a for a in tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
    if returned and function is not None:
        return _RETURNED_UNFIXED.format(function.name.value)
    if m.matches(node, _COPY):
        if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
            target = statement.targets[0].target
            if isinstance(target, cst.Name):
                return _COPY_USED.format(target.value)
        return _ADVICE
    if not item:
        return _ADVICE
    if isinstance(statement, cst.AugAssign):
        if isinstance(statement.target, cst.Name):
            return (
                f"; the sum stays on the host: {refusal}"
                if refusal
                else _SUM_UNFIXED.format(statement.target.value)
            )
        return _SUM_ELSEWHERE.format(short(statement.target))
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
        target = statement.targets[0].target
        if isinstance(target, cst.Name) and target.value != short(statement.value):
            return _NAMED_UNFIXED.format(target.value)
    call = tree.parent(tree.parent(node))  # (the item, its `Arg`, the call it is given to)
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute):
        if call.func.attr.value in ("append", "extend"):
            return _LIST_UNFIXED.format(short(call.func.value))
        if call.func.attr.value == "update":
            return _UPDATE_UNSHOWN.format(short(call.func.value))
    return _ADVICE


def _sum_shown(tree: Tree, event: Event) -> tuple[str, str] | None:
    """``(total, call)`` where ``event`` sums into ``total`` (``total += loss.item()``) and the loop hands
    ``total`` every step, under no ``if``, to a call or a format (``progress_bar(i, n, "%.3f" % (total /
    (i + 1)))``): the host needs the sum each step, so it cannot stay on the device."""
    statement = event.node
    if not (isinstance(statement, cst.AugAssign) and isinstance(statement.target, cst.Name)):
        return None
    loop = event.loop
    if loop is None:
        return None
    name = statement.target.value
    for occurrence in tree.of_type(loop.body, cst.Name):
        if occurrence.value != name or occurrence is statement.target:
            continue
        for above in tree.ancestors(occurrence):
            if above is loop or isinstance(above, (cst.If, cst.IfExp, cst.For, cst.While, cst.FunctionDef)):
                break  # (read on some steps only, or in a loop or function of its own)
            if isinstance(above, cst.BaseSmallStatement):
                if isinstance(above, cst.AugAssign) and above.target is occurrence:
                    break
            if isinstance(above, cst.Call) and not tree.inside(occurrence, above.func):
                return name, short(above)
            if isinstance(above, cst.FormattedString):
                return name, short(above)
    return None


def _foreign_meter(tree: Tree, update: cst.Call) -> tuple[str, str] | None:
    """``(meter, class)`` for ``losses.update(...)`` where ``losses = AverageMeter()`` is the name's one
    binding in its function (or module) and no class of the file has that name (imported: its code is
    in another file), else None."""
    receiver = update.func.value if isinstance(update.func, cst.Attribute) else None
    if not isinstance(receiver, cst.Name):
        return None
    scope = next(
        (a for a in tree.ancestors(update) if isinstance(a, (cst.FunctionDef, cst.Module))), tree.root
    )
    bindings = [
        a
        for a in tree.of_type(scope, cst.Assign)
        if any(isinstance(t.target, cst.Name) and t.target.value == receiver.value for t in a.targets)
    ]
    if len(bindings) != 1 or not isinstance(bindings[0].value, cst.Call):
        return None
    cls = dotted_name(bindings[0].value.func)
    if not cls or not cls.rsplit(".", 1)[-1][:1].isupper():
        return None
    if any(c.name.value == cls.rsplit(".", 1)[-1] for c in tree.of_type(tree.root, cst.ClassDef)):
        return None
    return receiver.value, cls


def _precision(float64: bool, item: cst.Call, tree: Tree, statement: cst.CSTNode | None = None) -> str:
    """What the message says of the sum's precision: nothing where it is the host's float64 on every
    device the file may pick (a sum's value named on a line of its own, ``statement``, chooses too)."""
    if float64:
        return ""
    named = (  # (the sum's value named on a line of its own: see `_named_first`)
        isinstance(statement, cst.AugAssign)
        and isinstance(statement.target, cst.Name)
        and can_name_first(tree, statement, f"{statement.target.value}_term")
    )
    return _CHOSEN if keeps_float64(item, False) or named else _FLOAT32


class HostSyncInLoop(Rule):
    code = "DEV008"
    name = "host-sync-in-loop"
    summary = "host sync (.item(), print, if on a tensor) every training or evaluation step stalls the GPU"
    fix_safety = FixSafety.UNSAFE
    # (with the syncs themselves: a loop that only evaluates may name none of the others)
    triggers = (
        "backward",
        ".step(",
        "_step(",
        "def forward",
        "eval",
        "no_grad",
        "_hook(",
        ".item()",
        ".cpu()",
        ".tolist()",
        ".data[0]",
        "float(torch",  # (a library's metric functions: `float(torch.sum(tp))`)
        "int(torch",
    )

    def check(self) -> None:
        loops = TrainingLoops(self.tree, self.aliases)
        if loops.values is None:
            return
        looping = bool(loops.loops or loops.step_functions or loops.hooks or loops.callbacks)
        names_no_gpu = looping and not may_use_a_gpu(self.tree, self.context.source)
        if names_no_gpu and not loops.runs_a_given_model():
            # a CPU-only script: its syncs cost nothing (a file of modules runs where it is put, and so
            # does a loop that runs a model its caller in another file built)
            return
        scalars = Scalars(self.tree, self.aliases)
        pre_04 = ".data[0]" in self.context.source
        syncs = HostSyncs(self.tree, self.aliases, loops.values, scalars, pre_04)
        # Apple's MPS has no float64: where the file may pick it, sums are kept in float32. Asked only of
        # a file with a sum to fix (its regex over the whole text cost 0.2 s of a `check` of timm).
        # (a loop run where its caller puts the model, which this file does not name: MPS too; and a file
        # where an earlier pass of this rule let the value's device choose: its "cuda" is that choice's)
        chosen_before = f".device.type in {_FLOAT64_DEVICES}" in self.context.source
        float64: bool | None = False if names_no_gpu or chosen_before else None
        stack = self.aliases.module_name_for("torch.stack")
        is_tensor = self.aliases.module_name_for("torch.is_tensor")
        found: list[tuple[Event, Sync, dict[cst.CSTNode, cst.FlattenSentinel] | None, str]] = []
        callers: dict[int, list[cst.CSTNode]] = {}  # a returned value's fix: the loops it edits too
        dicts: dict[tuple[int, str], tuple[set[int], dict[cst.CSTNode, cst.FlattenSentinel]] | None] = {}
        refusals: dict[int, str] = {}  # why a sum's fix kept it on the host, for its message
        every = [(event, sync) for event in loops.events() for sync in syncs.of(event)]
        # `.item()`s of values the code shows are tensors: only those may become `.detach()`
        tensor_items = {
            id(sync.node) for _, sync in every if sync.item and (sync.reported or sync.after_copy)
        }
        for event, sync in every:
            fix = None
            advice = ""
            if (
                (sync.reported or sync.after_copy)
                and sync.item
                and event.loop is not None
                and isinstance(sync.node, cst.Call)  # (an item is)
            ):
                if float64 is None:
                    float64 = float64_on_every_device(self.tree, self.aliases, self.context.source)
                fix = (
                    accumulator_fix(self.tree, sync.node, event.node, event.loop, scalars, float64)
                    or named_sum_fix(
                        self.tree, sync.node, event.node, event.loop, scalars, float64, tensor_items
                    )
                    or list_fix(self.tree, sync.node, event.node, event.loop, stack, scalars)
                    or history_fix(self.tree, sync.node, event.node, event.loop, stack, scalars)
                    or logged_list_fix(self.tree, sync.node, event.node, event.loop, stack, scalars)
                    or keyed_sum_fix(self.tree, sync.node, event.node, event.loop, scalars, float64)
                )
                counted = sums_a_count(self.tree, sync.node, event.node, event.loop)
                advice = _SUMMED + ("" if counted else _precision(float64, sync.node, self.tree, event.node))
                converted = self.tree.parent(self.tree.parent(sync.node))  # `float(t.item())`
                if fix is None and isinstance(converted, cst.Call) and m.matches(converted, _FLOAT):
                    fix = float_sum_fix(self.tree, converted, event.node, event.loop, float64)
                    advice = _SUMMED + ("" if float64 else _CHOSEN)
                if fix is None:
                    fix = meter_fix(self.tree, sync.node, event.node, event.loop, float64)
                    advice = _METERED
                if fix is None:
                    fix = logged_dict_fix(self.tree, sync.node, event.node, event.loop, tensor_items, dicts)
                    advice = _LOGGED
                if fix is None:
                    refusal = sum_refusal(self.tree, sync.node, event.node, event.loop, scalars)
                    if refusal is not None:
                        refusals[id(sync.node)] = refusal
            elif (
                sync.reported
                and sync.item
                and isinstance(event.node, cst.Return)
                and isinstance(sync.node, cst.Call)
                and isinstance(event.step, cst.FunctionDef)
            ):
                if float64 is None:
                    float64 = float64_on_every_device(self.tree, self.aliases, self.context.source)
                returned = returned_fix(
                    self.tree,
                    sync.node,
                    event.node,
                    loops.functions.calls_to(event.step),
                    scalars,
                    float64,
                    tensor_items,
                )
                if returned is not None:
                    fix, callers[id(sync.node)] = returned[0], list(returned[1])
                advice = _RETURNED + _precision(float64, sync.node, self.tree)
            elif sync.reported and event.loop is not None and isinstance(sync.node, cst.Call):
                fix = host_count_fix(self.tree, sync.node, event.node, event.loop, is_tensor)
                advice = _COUNTED
                summed = counted_copy_sum(self.tree, sync.node, event.node, event.loop)
                if fix is None and summed is not None:
                    # `correct = (p == y).cpu().sum()`, then `total += correct.item()`: the sum's fix counts
                    # on the device, without the copy
                    fix = accumulator_fix(self.tree, *summed, event.loop, scalars, False)
                if fix is None:
                    fix = extended_list_fix(self.tree, sync.node, event.node, event.loop)
                    advice = _LISTED
                if fix is None:
                    fix = appended_array_fix(self.tree, sync.node, event.node, event.loop, scalars)
                    advice = _ARRAYS
                if fix is None and m.matches(sync.node, _FLOAT):
                    if float64 is None:
                        float64 = float64_on_every_device(self.tree, self.aliases, self.context.source)
                    fix = float_sum_fix(self.tree, sync.node, event.node, event.loop, float64)
                    advice = _SUMMED + ("" if float64 else _CHOSEN)
                    if fix is None:
                        fix = list_fix(self.tree, sync.node, event.node, event.loop, stack, scalars)
            found.append((event, sync, fix, advice))
        # A sum kept on the device saves nothing while the step still waits elsewhere: the loop's sums
        # are fixed only when every other sync of its body goes with them.
        # (a value a step function returns: its function's and its callers' loops' syncs)
        kept = {id(e.step): e.node for e, s, f, _ in found if f is None and not s.explicit_wait}
        waiting = [e.node for e, s, f, _ in found if f is None and not s.explicit_wait]
        for event, sync, fix, advice in found:
            remaining = kept.get(id(event.step)) if fix is not None else None
            if fix is not None and id(sync.node) in callers:
                # a returned value: every sync left in the function or in its callers' loops, however nested
                # (a loop of the function over time steps is a step of its own)
                around = {id(event.step), *map(id, callers[id(sync.node)])}
                remaining = next(
                    (n for n in waiting if any(id(a) in around for a in self.tree.ancestors(n))), None
                )
            if not sync.reported and not (sync.after_copy and fix is not None and remaining is None):
                continue
            if fix is None and id(event.step) in loops.metric_functions:
                self.report(
                    sync.node,
                    sync.what + _METRIC.format(cst.ensure_type(event.step, cst.FunctionDef).name.value),
                )
            elif fix is None:
                self.report(
                    sync.node,
                    sync.what
                    + (
                        ""
                        if sync.explicit_wait
                        else _why_kept(self.tree, self.aliases, sync, event, refusals.get(id(sync.node)))
                    ),
                )
            elif remaining is not None:
                self.report(
                    sync.node,
                    sync.what + f"; the sum can stay on the device once the step stops waiting in"
                    f" `{short(remaining)}` too",
                )
            else:
                self.report(sync.node, sync.what + advice, edits=fix)
