"""The code that runs once per training step, in source order, with the tensor names known there.

A training step is marked by a ``.backward()`` call or an optimizer's ``.step()``. Where it sits
decides what repeats with it:

* inside a loop of its function: the innermost such loop is a *training loop*, and its body runs
  once per step;
* outside any loop of its function: the function is a *step function* (``def train_step(...)``),
  whose whole body runs once per step, and the innermost loop around each call to it (in this
  file, also ``trainer.train_step(batch)`` on an instance of its class) is a training loop in turn;
  so is a function that hands an optimizer and a loss, by their names, to a function of another file
  (``self.take_optimisation_step(self.optimizer, self.net, loss)``: that one steps with them);
* a function of this file called from per-step code is a *per-step helper*: its body runs every
  step as well (all of it, where it has a loop of its own over time steps) (``select_action(...)``,
  ``accuracy(...)``; also a method of the one class of the file that defines it, called on an instance the
  function is given, ``agent.evaluate_batch(x, y)`` in
  ``def run(agent, loader)``);
* a ``for`` loop over batches (not over ``range(...)``) whose body runs a model is an *evaluation
  loop*: it takes no training step, but its body runs once per batch just the same
  (``for x, y in test_loader: out = model(x)``); so is a loop over numbers or a ``while`` loop that
  draws the model's input with ``next(it)`` or from a function named for drawing a batch
  (``X, Y = get_batch(split)``), and a loop over a loader (``val_loader``, or a name bound only to a
  ``DataLoader(...)``) where a loop
  of its own or a helper of the file runs the model (``self.batch_hits(x, y)``), or inside a training
  loop (evaluation every N steps: each batch); and a loop, whatever it goes over, that hands its items
  to a helper of the file with no loop of its own that runs a model on them (``for batch in self.data:
  self.run_batch(batch)``, ``x, _ = dataset[i]`` then ``self.predict(x)``); such a helper handed
  each item of a comprehension (``[self.decode(s) for s in sentences]``) runs once per item too; a loop
  of an ``nn.Module`` class's own method that ``forward`` does not call is one when it goes over a loader,
  or over batches it slices by its counter from data the method is given (``x = X[i * MB:(i + 1) * MB]``),
  and runs the model itself on them (``self(x)``, ``self.calculate_loss(x)``);
* a function of this file registered as a hook (``layer.register_forward_hook(f)``, ``t.register_hook(f)``)
  runs on every forward or backward, given tensors; one put in an engine's hooks under a per-step event
  (``engine.hooks["on_forward"] = f``) or handed to that engine's ``train``/``test`` runs on every batch;
* the ``forward`` of an ``nn.Module`` class of this file (also one whose base is in another file, when
  it builds ``torch.nn`` layers and defines ``forward``) runs once per step of whatever trains or
  evaluates it: its body, with its first parameter (the input) a device tensor, and the helpers it
  calls; so does the ``forward`` of another class of the file that runs a model itself (a wrapper's
  ``self.net(x)``), its input where the caller keeps it;
* in a file with no loop of its own (a library of helpers: ``metrics.py``, ``evaluation.py``), a
  module-level function named for a loss or a metric (``loss_fn``, ``get_accuracy``, ``dice_coeff``)
  that computes with torch runs once per step of the loop that imports it, as a loss or a batch's
  metric is computed each step: its body, with its positional parameters without a default (the
  outputs and the targets) device tensors.

:meth:`TrainingLoops.events` walks those bodies, tracking which names hold tensors
(:class:`TensorValues`), and yields what runs every step: each simple statement, each ``if``/
``while`` test and the iterable of each loop nested in the step. The body of an ``if`` that picks
some steps only (``if step % 100 == 0:``, ``if i in checkpoints:``, ``if epoch == last:`` on a loop
counter) is not yielded, unless it trains itself (``if i % n_critic == 0:`` around a generator's
``backward()`` and ``step()``): then it is a training step of its own, taken every N steps.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.forward_reach import reached_functions
from codemods.analysis.nn_modules import (
    inferred_module_classes,
    methods,
    model_names,
    models_by_use,
    module_classes,
)
from codemods.analysis.tensor_values import Known, TensorValues
from codemods.core.dataflow import block, suites
from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, func_attribute
from codemods.core.tree import Tree

_OPTIMIZER_NAME = re.compile(r"optim|^opt$|_opt$|scaler", re.IGNORECASE)
# A function named for a loss or a batch's metric, word by word (`loss_fn`, `get_F1`, `calculate_accuracy`).
_METRIC_WORDS = frozenset(
    "loss losses acc accu accuracy iou dice dc js jaccard f1 precision recall sensitivity specificity psnr"
    " ssim error metric".split()
)
# A loss handed to a call by its name (`loss`, `critic_loss`, `loss_g`).
_LOSS_ARGUMENT = re.compile(r"(^|_)loss(es)?($|_)", re.IGNORECASE)
# An optimizer handed to a call by its name (`optimizer`, `self.q_network_optimizer`, `opt_d`).
_OPTIMIZER_ARGUMENT = re.compile(r"optimi[sz]er$|(^|_)optim$|^opt(_\w+)?$|_opt$", re.IGNORECASE)
Loop = cst.For | cst.While
Step = cst.For | cst.While | cst.FunctionDef


def _constructs(value: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """Whether ``value`` calls a class by its CapWords name (``nn.MSELoss()``, ``DiceLoss(w)``), other
    than torch's tensor classes and their constructors (``torch.FloatTensor([x])``, ``torch.Tensor``)."""
    if not isinstance(value, cst.Call):
        return False
    name = dotted_name(value.func)
    if name is None:
        return False
    last = name.rsplit(".", 1)[-1]
    if not (last[:1].isupper() and any(c.islower() for c in last)):
        return False
    qualified = aliases.qualify(value.func) or name
    return not (qualified.startswith("torch.") and not qualified.startswith("torch.nn."))


# `for i in range(n)`, `for i, batch in enumerate(loader)`: `i` counts the steps.
_COUNTED = m.Call(func=m.Name("range") | m.Name("enumerate"))
_SELECTING = (cst.Equal, cst.In)  # `==`, `in`
_DEFINITIONS: frozenset[type] = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})
_LOOPS: frozenset[type] = frozenset({cst.For, cst.While})
# Loops over numbers (`for epoch in range(n)`, `tqdm(range(n))`) carry no batch: not evaluation loops.
_COUNTING = m.Call(
    func=m.Name("range") | m.Name("count") | m.Name("trange") | m.Attribute(attr=m.Name("count"))
)
_OVER_NUMBERS = _COUNTING | m.Call(
    func=m.Name("tqdm") | m.Attribute(attr=m.Name("tqdm")) | m.Name("enumerate"),
    args=[m.Arg(_COUNTING), m.ZeroOrMore()],
)
# `next(it)`, `next(iter(loader))`, `it.next()`: the next batch of an iterator.
_NEXT_BATCH = m.Call(func=m.Name("next") | m.Attribute(attr=m.Name("next") | m.Name("__next__")))
# A function of the file that draws a batch when called: `get_batch(split)`, `sample_batch()`.
_BATCH_DRAWER = re.compile(r"^(get|sample|next|draw|load|fetch)_(\w+_)?batch(es)?$", re.IGNORECASE)
# A loader's batches by its name (`val_loader`, `test_dataloader`, `train_dl`), through the wrappers that
# number or show them.
_LOADER = re.compile(r"(?<!down)(?<!up)loader(_\w+)?$|^dl$|_dl$", re.IGNORECASE)
# A dict of loaders by phase, `dataloaders[phase]`, `self.loaders["val"]`.
_LOADERS = re.compile(r"(?<!down)(?<!up)loaders$", re.IGNORECASE)
_DATA_LOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
_LOADER_WRAPPERS = m.Name("enumerate") | m.Name("tqdm") | m.Name("iter") | m.Attribute(attr=m.Name("tqdm"))
_PARAMETER = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# Hook registrations, with how many of the hook's parameters (after `self`) are not tensors: a module
# hook is given the module first.
_HOOK_REGISTRATIONS = {
    "register_forward_hook": 1,
    "register_forward_pre_hook": 1,
    "register_full_backward_hook": 1,
    "register_full_backward_pre_hook": 1,
    "register_backward_hook": 1,
    "register_hook": 0,
}
# The events of an engine's `hooks` dict that fire on every batch (torchnet's `Engine`).
_PER_STEP_EVENTS = frozenset({"on_sample", "on_forward", "on_update"})
_LIGHTNING_STEPS = ("training_step", "validation_step", "test_step", "predict_step")
# Calls given a loop counter that pick no data with it.
_NOT_DATA_CALLS = frozenset({"print", "len", "str", "int", "float", "range", "format", "enumerate"})
# Methods of a model that compute nothing on a batch.
_MODULE_HOUSEKEEPING = frozenset(
    "eval train to cuda cpu half float double parameters named_parameters state_dict load_state_dict apply"
    " zero_grad modules children named_modules buffers requires_grad_ register_buffer add_module".split()
)
# Method names that library objects share with the file's classes (`optimizer.step()`, `meter.update(v)`,
# `writer.add(...)`): called on a value the file is given, they may be any of those.
_COMMON_METHODS = _MODULE_HOUSEKEEPING | frozenset(
    "step update add append extend get put set reset run forward backward item log write save load close"
    " sample push pop clear copy __call__ __init__".split()
)
# Callables that are models by their names (a loss function is not: a loop of losses evaluates nothing).
_MODEL_CALLABLE = re.compile(
    r"^(model|net|network|encoder|decoder|classifier|generator|discriminator|\w+_model|\w+_net)$",
    re.IGNORECASE,
)

_DEBUG_FLAG = re.compile(r"^(verbose|debug|debugging)$", re.IGNORECASE)
# `save_model(...)`, `self._init_net(...)`: functions that do something to a model, not models.
_VERB = re.compile(
    r"^_*(save|load|build|create|init|get|set|make|restore|update|reset|print|log|show|plot|export|train|eval"
    r"|test|run|fit|evaluate|freeze|copy|clone|sync|wrap|prepare|setup|define|compile)_",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Event:
    """Code that runs every step: a simple statement, or a test (an expression). ``step`` is the
    training loop around it, or the step function or per-step helper whose body holds it."""

    node: cst.BaseSmallStatement | cst.BaseExpression
    known: Known  # the tensors known before it runs
    step: Step
    is_test: bool = False  # an if/while test: its truth value is read

    @property
    def loop(self) -> Loop | None:
        """The training loop whose body holds the event (None in a step function or helper)."""
        return self.step if isinstance(self.step, (cst.For, cst.While)) else None


def is_optimizer_step(call: cst.Call) -> bool:
    """``optimizer.step()``, ``opt_d.step()``, ``scaler.step(opt)``: not an environment's step."""
    return called_method(call) == "step" and bool(
        _OPTIMIZER_NAME.search(dotted_name(func_attribute(call).value) or "")
    )


class TrainingLoops:
    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.functions = LocalFunctions(tree)
        self.aliases = aliases
        self.loops: dict[int, Loop] = {}
        self.step_functions: dict[int, cst.FunctionDef] = {}
        self.evaluation_loops: set[int] = set()
        # with the names that hold device tensors when it starts: its input, the module's own tensors
        self.forwards: dict[int, tuple[cst.FunctionDef, set[str]]] = {}
        # hooks the file registers (`h.register_forward_hook(self.keep)`): they run every forward or
        # backward, given tensors
        self.hooks: dict[int, tuple[cst.FunctionDef, set[str]]] = {}
        # functions an engine calls every step, with their parameters that hold a loader's host batch
        self.callbacks: dict[int, tuple[cst.FunctionDef, set[str]]] = {}
        self._find_steps()
        self._find_forwards()
        self._find_evaluation_loops()
        self._find_hooks()
        self._find_engine_callbacks()
        self._find_comprehension_helpers()
        # a library's loss and metric functions, with their parameters that hold device tensors
        self.metric_functions: dict[int, tuple[cst.FunctionDef, set[str]]] = {}
        if not (self.loops or self.step_functions or self.hooks or self.callbacks):
            self._find_metric_functions(aliases)
        found = (
            self.loops
            or self.step_functions
            or self.forwards
            or self.hooks
            or self.callbacks
            or self.metric_functions
        )
        self.values = TensorValues(tree, aliases, self.functions) if found else None
        self._helpers: list[tuple[cst.FunctionDef, Known]] = []  # with the tensors they are given

    def _find_steps(self) -> None:
        pending: list[cst.Call] = [
            call
            for call in self.tree.of_type(self.tree.root, cst.Call)
            if called_method(call) == "backward" or is_optimizer_step(call) or self._hands_a_step(call)
        ]
        while pending:
            call = pending.pop()
            around = self._innermost_loop_or_function(call)
            if isinstance(around, (cst.For, cst.While)):
                self.loops[id(around)] = around
            elif isinstance(around, cst.FunctionDef) and id(around) not in self.step_functions:
                self.step_functions[id(around)] = around
                pending += self.functions.calls_to(around) + self._instance_calls_to(around)

    def _hands_a_step(self, call: cst.Call) -> bool:
        """``self.take_optimisation_step(self.optimizer, self.net, loss, clip)``: a function the file does not
        show, handed both an optimizer and a loss (by their names), takes the step with them, its
        ``backward()`` and ``step()`` where it is defined (a base class in another file)."""
        if len(call.args) < 2 or self.functions.callee(call) is not None:
            return False
        last = [(dotted_name(a.value) or "").rsplit(".", 1)[-1] for a in call.args if not a.star]
        if not any(_OPTIMIZER_ARGUMENT.search(n) for n in last):
            return False
        losses = {n for n in last if _LOSS_ARGUMENT.search(n)}
        if not losses:
            return False
        # (a function that steps itself hands on what it has stepped with, `save(model, optimizer,
        # loss)`; and a loss read as a number, `final_loss = loss.item()`, steps nothing)
        scope = scope_of(self.tree, call)
        for inner in self.tree.of_type(scope, cst.Call):
            if called_method(inner) == "backward" or is_optimizer_step(inner):
                return False
        for assign in self.tree.of_type(scope, cst.Assign):
            if any(n in losses for t in assign.targets for n in flatten_names(t.target)):
                value = assign.value
                if (
                    not isinstance(value, cst.Call)
                    or called_method(value) in ("item", "tolist")
                    or (isinstance(value.func, cst.Name) and value.func.value in ("float", "int"))
                ):
                    return False
        return True

    def _find_evaluation_loops(self) -> None:
        """``for`` loops over batches whose body runs a model, outside any training loop and outside the
        module classes (a loop over time steps in ``forward`` is part of one step)."""
        loops = self.tree.of_type(self.tree.root, (cst.For, cst.While))
        if not loops:
            return
        local = module_classes(self.tree, self.aliases)
        models: frozenset[str] | None = None  # found for the first loop outside the module classes
        inferred: set[str] = set()  # module classes whose base is in another file (found with `models`)
        for loop in loops:
            over_a_loader = isinstance(loop, cst.For) and (
                _over_a_loader(loop.iter) or self._over_a_built_loader(loop.iter)
            )
            # (a loop over a loader in a training loop evaluates batch by batch: every N steps, each batch)
            if id(loop) in self.loops or (self._in_a_training_loop(loop) and not over_a_loader):
                continue
            if _runs_once(loop):
                continue  # `for x, y in loader: ...; break`: one batch, shown or checked once
            # (a loop in a module class first: the usual one in a model library, and the cheapest test; but
            # a model's own method that goes over a dataset batch by batch runs itself on each batch)
            classes = [a.name.value for a in self.tree.ancestors(loop) if type(a) is cst.ClassDef]
            in_a_module = any(c in local for c in classes)
            if in_a_module and not self._goes_over_its_data(loop, over_a_loader):
                continue
            if models is None:
                models = model_names(self.tree, self.aliases) | models_by_use(self.tree)
                inferred = inferred_module_classes(self.tree, self.aliases)
            # (`self(x)`, `self.loss(x)` run the model in its own loop; also in a module class whose base is
            # in another file)
            its_own = in_a_module or (
                any(c in inferred for c in classes) and self._goes_over_its_data(loop, over_a_loader)
            )
            running = models | {"self"} if its_own else models
            if (isinstance(loop, cst.While) or _is_over_numbers(loop.iter)) and not self._slices_data(
                loop, running
            ):
                continue
            # a loop over a loader takes a batch each time, also where a loop of its own runs the model
            # on it (slice by slice, crop by crop)
            calls = list(self._own_calls(loop.body, loops=not over_a_loader))
            if any(
                self._runs_a_model(c, running) or (over_a_loader and self._helper_runs_a_model(c, running))
                for c in calls
            ) or (isinstance(loop, cst.For) and self._hands_items_to_a_model(loop, calls, running)):
                self.loops[id(loop)] = loop
                self.evaluation_loops.add(id(loop))

    def _over_a_built_loader(self, iterable: cst.BaseExpression) -> bool:
        """``valid_iter`` (or ``tqdm(enumerate(valid_iter))``), every binding of which in the file is a
        ``DataLoader(...)``: the batches of a loader, whatever the name it is given."""
        while isinstance(iterable, cst.Call) and _is_loader_wrapper(iterable.func) and iterable.args:
            iterable = iterable.args[0].value
        name = dotted_name(iterable)
        if name is None:
            return False
        by_name = self.tree.memo("training_loops.bindings", lambda: _bindings_by_name(self.tree))
        bindings = by_name.get(name, [])
        return bool(bindings) and all(
            isinstance(b, cst.Assign)
            and len(b.targets) == 1
            and dotted_name(b.targets[0].target) == name
            and isinstance(b.value, cst.Call)
            and self.aliases.qualify(b.value.func) in _DATA_LOADERS
            for b in bindings
        )

    def _goes_over_its_data(self, loop: Loop, over_a_loader: bool) -> bool:
        """A loop of a module class's own method that ``forward`` does not call (``def test_loop(self,
        loader)``, ``def calculate_lower_bound(self, X, MB)``), over a loader or slicing batches of data
        the method is given by the loop's counter, in the first dimension (``x = X[i * MB:(i + 1) *
        MB]``): the model evaluates a dataset batch by batch. Not a loop over time steps or samples it
        makes itself (``sample``, ``generate``), nor one in what ``forward`` runs (part of one step)."""
        function = next((a for a in self.tree.ancestors(loop) if isinstance(a, cst.FunctionDef)), None)
        cls = self.tree.parent(self.tree.parent(function)) if function is not None else None
        if function is None or not isinstance(cls, cst.ClassDef):
            return False  # (a method of the class itself, not a function nested in one)
        if any(r.function is function for r in reached_functions(self.tree, self.aliases, cls)):
            return False
        if over_a_loader:
            return True
        if not (isinstance(loop, cst.For) and _is_over_numbers(loop.iter)):
            return False
        counters = set(flatten_names(loop.target))
        given = {p.name.value for p in function.params.params} - {"self"}
        for subscript in self.tree.of_type(loop.body, cst.Subscript):
            first = subscript.slice[0].slice if subscript.slice else None
            if (
                isinstance(first, cst.Slice)
                and dotted_name(subscript.value) in given
                and any(b is not None and self._mentions(b, counters) for b in (first.lower, first.upper))
            ):
                return True
        return False

    def _hands_items_to_a_model(self, loop: cst.For, calls: list[cst.Call], models: frozenset[str]) -> bool:
        """``for batch in self.data: out = self.run_batch(batch)``: the loop hands what it iterates over (or
        a value made of it, ``x = batch["image"]``) to a helper of the file that runs a model on it every
        time (:meth:`_runs_a_model_on`), whatever the iterable is named."""
        fed = set(flatten_names(loop.target))
        for small in self.tree.of_type(loop.body, cst.Assign):
            if self._mentions(small.value, fed):
                fed.update(n for t in small.targets for n in flatten_names(t.target))
        return any(self._runs_a_model_on(c, models, self._mentioning(fed)) for c in calls)

    def _runs_a_model_on(
        self, call: cst.Call, models: frozenset[str], fed: Callable[[cst.BaseExpression], bool]
    ) -> bool:
        """``self.predict(x)``, ``infer(net, x)`` in a loop: a function of the file (or a method of an
        instance of its class) with no loop of its own that runs a model itself, handed the loop's data (an
        argument ``fed`` accepts): it evaluates one batch (or sample) a call, and so the loop goes over
        batches. Not where what the loop hands it is the model it runs (``for model in models:
        score(model, x)``: a loop over models, each evaluated once)."""
        helper = self.functions.callee(call) or self._instance_method(call)
        if helper is None or self.tree.of_type(helper.body, (cst.For, cst.While)):
            return False  # (a helper with a loop of its own: that loop is the one over batches)
        params = [p.name.value for p in helper.params.params]
        if params[:1] == ["self"] and isinstance(call.func, cst.Attribute):
            params = params[1:]
        handed: set[str] = set()
        for index, arg in enumerate(call.args):
            if arg.star:
                return False  # (`*args`: which parameter gets what is not shown)
            if fed(arg.value):
                name = (
                    arg.keyword.value
                    if arg.keyword is not None
                    else params[index]
                    if index < len(params)
                    else None
                )
                if name is None:
                    return False
                handed.add(name)
        if not handed:
            return False
        runs = [c for c in self._own_calls(helper.body) if self._runs_a_model(c, models)]
        return bool(runs) and not any(
            (self._model_run(c, models) or "").split(".", 1)[0] in handed for c in runs
        )

    def _find_comprehension_helpers(self) -> None:
        """``[self.decode(s) for s in sentences]`` outside any step: a comprehension that hands each item
        to a helper of the file running a model on it (:meth:`_runs_a_model_on`) evaluates item by item,
        as a loop over batches does; the helper runs once per item. (Walked as an engine's callbacks are,
        given values the code does not show.)"""
        comprehensions = self.tree.of_type(
            self.tree.root, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
        )
        if not comprehensions:
            return
        local = module_classes(self.tree, self.aliases)
        models = model_names(self.tree, self.aliases) | models_by_use(self.tree)
        for comprehension in comprehensions:
            if self._in_a_training_loop(comprehension) or any(
                type(a) is cst.ClassDef and a.name.value in local for a in self.tree.ancestors(comprehension)
            ):
                continue  # (walked with its loop; a comprehension in a module is part of one forward)
            fors = self.tree.of_type(comprehension.for_in, cst.CompFor)
            if any(_is_over_numbers(f.iter) for f in fors):
                continue
            handed_an_item = self._mentioning({n for f in fors for n in flatten_names(f.target)})
            parts = (
                [comprehension.key, comprehension.value]
                if isinstance(comprehension, cst.DictComp)
                else [comprehension.elt]
            )
            for part in parts:
                for call in self.tree.of_type(part, cst.Call):
                    if not self._runs_a_model_on(call, models, handed_an_item):
                        continue
                    helper = self.functions.callee(call) or self._instance_method(call)
                    if helper is not None and not any(
                        id(helper) in found for found in (self.forwards, self.step_functions, self.hooks)
                    ):
                        self.callbacks.setdefault(id(helper), (helper, set()))

    def _slices_data(self, loop: Loop, models: frozenset[str]) -> bool:
        """``for i in range(0, n, bs):`` whose counter picks what the model is given (``model(x[i:i + bs])``,
        ``data, y = get_batch(source, i)`` then ``model(data)``), or a loop over numbers (or a ``while``
        loop) that draws the model's input from an iterator (``x, y = next(it)``): a loop over batches by
        number, not one that samples step after step or fills a buffer by index."""
        counters = set(flatten_names(loop.target)) if isinstance(loop, cst.For) else set()
        picked = set(counters)  # names whose value the counter picks, or an iterator gives
        for small in self.tree.of_type(loop.body, cst.Assign):
            if (
                self._picks(small.value, counters)
                or m.matches(small.value, _NEXT_BATCH)
                or self._draws_a_batch(small.value)
                or self._mentions(small.value, picked - counters)  # `x = x.to(device)`
            ):
                picked.update(n for t in small.targets for n in flatten_names(t.target))

        def fed(value: cst.BaseExpression) -> bool:
            return self._picks(value, picked) or self._mentions(value, picked - counters)

        for call in self._own_calls(loop.body, loops=True):
            if self._runs_a_model(call, models) and any(fed(a.value) for a in call.args):
                return True
            if self._runs_a_model_on(call, models, fed):
                return True  # `x, _ = dataset[i]`, then `self.predict(x)`
        return False

    @staticmethod
    def _draws_a_batch(value: cst.BaseExpression) -> bool:
        """``X, Y = get_batch("val")``, ``batches.get_batch(split)``: a function named for drawing a batch
        (``get_batch``, ``sample_batch``, ``next_batch``) draws one each time it is called, whatever it is
        given."""
        if not isinstance(value, cst.Call):
            return False
        func = value.func
        name = (
            func.value
            if isinstance(func, cst.Name)
            else func.attr.value
            if isinstance(func, cst.Attribute)
            else ""
        )
        return _BATCH_DRAWER.match(name) is not None

    def _mentions(self, value: cst.BaseExpression, names: set[str]) -> bool:
        """``(s1_batch, s1_len)``: ``value`` holds one of ``names``."""
        return any(
            isinstance(n, cst.Name) and n.value in names for n in [value, *self.tree.descendants(value)]
        )

    def _mentioning(self, names: set[str]) -> Callable[[cst.BaseExpression], bool]:
        """A test of whether a value holds one of ``names`` (:meth:`_mentions`)."""
        return lambda value: self._mentions(value, names)

    def _picks(self, value: cst.BaseExpression, names: set[str]) -> bool:
        """``value`` indexes with one of ``names`` (``x[i:i + bs]``), hands one to a function
        (``get_batch(source, i)``), or is one."""
        if isinstance(value, cst.Name):
            return value.value in names
        for node in self.tree.descendants(value):
            if not (isinstance(node, cst.Name) and node.value in names):
                continue
            for above in [*self._until(node, value), value]:
                if isinstance(above, (cst.Index, cst.Slice)):
                    return True  # `x[i]`, `x[i : i + bs]`
                if (
                    isinstance(above, cst.Call)
                    and isinstance(above.func, cst.Name)
                    and above.func.value not in _NOT_DATA_CALLS
                ):
                    return True  # `get_batch(source, i)`
        return False

    def _in_a_training_loop(self, node: cst.CSTNode) -> bool:
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            if id(above) in self.loops:
                return True
        return False

    def _own_calls(self, body: cst.CSTNode, loops: bool = False) -> Iterator[cst.Call]:
        """The calls in ``body`` outside the functions, lambdas and classes it defines (and outside the
        loops it holds, with ``loops``: an epoch loop around an evaluation loop is none itself)."""
        # (classes, not isinstance: none of these has a subclass, and isinstance goes through libcst's ABCMeta
        # for every ancestor of every call)
        skipped = _DEFINITIONS | _LOOPS if loops else _DEFINITIONS
        for call in self.tree.of_type(body, cst.Call):
            if not any(type(a) in skipped for a in self._until(call, body)):
                yield call

    def _until(self, node: cst.CSTNode, stop: cst.CSTNode) -> Iterator[cst.CSTNode]:
        for above in self.tree.ancestors(node):
            if above is stop:
                return
            yield above

    def _runs_a_model(self, call: cst.Call, models: frozenset[str]) -> bool:
        """``model(x)``, ``self.net(x)``, ``encoder(x)``, ``model.classify(x)``: a call of a name that holds
        a model, or of a method of one that computes (not ``model.eval()``, ``model.parameters()``)."""
        func = call.func
        if self.functions.callee(call) is None and self._is_model(func, models):
            return True  # `model(x)`, `self.model(x)` (not the file's `def save_model(...)`)
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value not in _MODULE_HOUSEKEEPING
            and bool(call.args)
            and self._is_model(func.value, models)  # `model.classify(x)`: a method given an argument
        )

    def _helper_runs_a_model(self, call: cst.Call, models: frozenset[str], depth: int = 2) -> bool:
        """``acc = self.eval_batch(x, y)`` in a loop over a loader: the file's function (or a method of
        an instance of its class) that runs a model on the batch, itself or through a helper of its
        own."""
        helper = self.functions.callee(call) or self._instance_method(call)
        if helper is None or depth == 0:
            return False
        return any(
            self._runs_a_model(c, models) or self._helper_runs_a_model(c, models, depth - 1)
            for c in self._own_calls(helper.body)
        )

    def _is_model(self, func: cst.BaseExpression, models: frozenset[str]) -> bool:
        name = dotted_name(func)
        if name is None or self.aliases.qualify(func) is not None:
            return False
        last = name.rsplit(".", 1)[-1]
        return name in models or (_MODEL_CALLABLE.match(last) is not None and not _VERB.match(last))

    def _find_forwards(self) -> None:
        """The ``forward`` of each ``nn.Module`` class of the file, and the name of its input; in a
        ``LightningModule``, also the ``*_step`` methods Lightning calls on each batch (on the device)."""
        # with the classes whose base is in another file but that build layers and define `forward`
        local = module_classes(self.tree, self.aliases) | inferred_module_classes(self.tree, self.aliases)
        models: frozenset[str] | None = None
        for cls in self.tree.of_type(self.tree.root, cst.ClassDef):
            lightning = any((dotted_name(b.value) or "").endswith("LightningModule") for b in cls.bases)
            if cls.name.value not in local and not lightning:
                forward = methods(cls).get("forward")
                if forward is None or id(forward) in self.step_functions:
                    continue
                if models is None:
                    models = model_names(self.tree, self.aliases) | models_by_use(self.tree)
                if any(self._runs_a_model(c, models) for c in self._own_calls(forward.body)):
                    # a wrapper's `forward` that runs a model of its own (`self.net(x)`): called on each
                    # batch, as a module's is; what it is given may be on the host (it may move it)
                    self.forwards[id(forward)] = (forward, set())
                continue
            own = methods(cls)
            names = ["forward", *(_LIGHTNING_STEPS if lightning else ())]
            for function in (own[n] for n in names if n in own):
                if id(function) in self.step_functions:
                    continue
                params = [*function.params.posonly_params, *function.params.params][1:]  # after `self`
                first = (
                    params[0]
                    if params and params[0].default is None and _unannotated_or_tensor(params[0])
                    else None
                )
                given = {first.name.value} if first is not None else set()
                self.forwards[id(function)] = (function, given | self._own_tensors(cls))

    def _find_metric_functions(self, aliases: ImportAliases) -> None:
        """In a file with no loop of its own and no ``if __name__ == "__main__":``, its module-level
        functions named for a loss or a metric that call torch (``torch.sum``, ``.item()``): a training or
        evaluation loop of another file calls them on each batch's outputs and targets."""
        module = self.tree.root
        for statement in cst.ensure_type(module, cst.Module).body:
            if isinstance(statement, cst.If) and "__name__" in {
                n.value for n in self.tree.of_type(statement.test, cst.Name)
            }:
                return  # a script: it runs them where its own code shows
        for function in cst.ensure_type(module, cst.Module).body:
            if not isinstance(function, cst.FunctionDef) or id(function) in self.forwards:
                continue
            words = function.name.value.lower().split("_")
            if words[0] == "test" or not _METRIC_WORDS & set(words):
                continue  # (a test of a loss runs once, under pytest)
            if not any(
                (aliases.qualify(call.func) or "").startswith("torch.") or called_method(call) == "item"
                for call in self.tree.of_type(function.body, cst.Call)
            ):
                continue  # (a metric of NumPy arrays)
            if self._builds_an_object(function, aliases):
                continue  # (a factory, `get_loss_criterion(config)`: it runs once, before the loop)
            given = {
                p.name.value
                for p in [*function.params.posonly_params, *function.params.params]
                if p.default is None and _unannotated_or_tensor(p)
            }
            if given:
                self.metric_functions[id(function)] = (function, given)

    def _builds_an_object(self, function: cst.FunctionDef, aliases: ImportAliases) -> bool:
        """Whether ``function`` returns an object it builds: a class called by its CapWords name
        (``return nn.BCEWithLogitsLoss(...)``, ``loss = DiceLoss(...)`` ... ``return loss``), not torch's
        own tensor classes. A loss or metric named so computes a tensor or a number; a function named for a
        loss that builds the criterion is a factory the code calls once, with a config, not each batch."""
        built: set[str] = set()
        for assign in self.tree.of_type(function.body, cst.Assign):
            if _constructs(assign.value, aliases):
                built.update(t.target.value for t in assign.targets if isinstance(t.target, cst.Name))
        for ret in self.tree.of_type(function.body, cst.Return):
            value = ret.value
            if value is None:
                continue
            if _constructs(value, aliases) or (isinstance(value, cst.Name) and value.value in built):
                return True
        return False

    def _find_hooks(self) -> None:
        """Functions of the file registered as hooks: ``register_forward_hook(f)`` and the other module
        hooks run ``f(module, input, output)`` on every forward (or backward), ``t.register_hook(f)``
        runs ``f(grad)`` on every backward; their tensor parameters hold device tensors."""
        for call in self.tree.of_type(self.tree.root, cst.Call):
            method = called_method(call)
            skipped = _HOOK_REGISTRATIONS.get(method or "")
            if skipped is None or not call.args or call.args[0].keyword is not None:
                continue
            hook = self._function_named(call, call.args[0].value)
            if hook is None or id(hook) in self.forwards or id(hook) in self.step_functions:
                continue
            params = [p.name.value for p in hook.params.params]
            if params[:1] == ["self"]:
                params = params[1:]
            self.hooks[id(hook)] = (hook, set(params[skipped:]))

    def _find_engine_callbacks(self) -> None:
        """Functions of the file an engine calls every step: those the file puts in an engine's ``hooks``
        under a per-step event (``engine.hooks["on_forward"] = on_forward``; ``on_sample``, ``on_update``),
        and the function handed first to ``.train(...)`` or ``.test(...)`` of that engine (``engine.train(h,
        loader, epochs, optimizer)`` runs ``h(sample)`` on each batch). A hook's state dict is a value the
        code does not show; the batch handed to ``h`` is the loader's, on the host until ``h`` moves it."""
        engines: set[str] = set()
        for assign in self.tree.of_type(self.tree.root, cst.Assign):
            if len(assign.targets) != 1:
                continue
            target = assign.targets[0].target
            if not (
                isinstance(target, cst.Subscript)
                and isinstance(target.value, cst.Attribute)
                and target.value.attr.value == "hooks"
                and len(target.slice) == 1
                and isinstance(index := target.slice[0].slice, cst.Index)
                and isinstance(index.value, cst.SimpleString)
            ):
                continue
            engine = dotted_name(target.value.value)
            if engine is not None:
                engines.add(engine)
            if index.value.evaluated_value in _PER_STEP_EVENTS:
                self._add_callback(assign, assign.value, batch=False)
        if not engines:
            return
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if (
                called_method(call) in ("train", "test")
                and call.args
                and call.args[0].keyword is None
                and dotted_name(func_attribute(call).value) in engines
            ):
                self._add_callback(call, call.args[0].value, batch=True)

    def _add_callback(self, at: cst.CSTNode, name: cst.BaseExpression, batch: bool) -> None:
        function = self._function_named(at, name)
        if function is None or any(
            id(function) in found for found in (self.forwards, self.step_functions, self.hooks)
        ):
            return
        params = [p.name.value for p in function.params.params]
        self.callbacks[id(function)] = (function, set(params[:1]) if batch else set())

    def _function_named(self, at: cst.CSTNode, name: cst.BaseExpression) -> cst.FunctionDef | None:
        """The function of the file ``name`` (``keep``, ``self.keep``) stands for where ``at`` is."""
        if isinstance(name, cst.Name):
            return self.functions.callee(cst.Call(func=name))
        if isinstance(name, cst.Attribute) and m.matches(name.value, m.Name("self")):
            cls = self.functions.enclosing_class(at)
            return methods(cls).get(name.attr.value) if cls is not None else None
        return None

    def _own_tensors(self, cls: cst.ClassDef) -> set[str]:
        """``self.<name>`` of a module's buffers and parameters: ``self.register_buffer("count", ...)``,
        ``self.scale = nn.Parameter(...)``; they live on the module's device."""
        found: set[str] = set()
        for call in self.tree.of_type(cls, cst.Call):
            if (
                isinstance(call.func, cst.Attribute)  # `self.register_buffer(`: a matcher cost more
                and call.func.attr.value == "register_buffer"
                and isinstance(call.func.value, cst.Name)
                and call.func.value.value == "self"
                and call.args
                and isinstance(call.args[0].value, cst.SimpleString)
            ):
                name = call.args[0].value.evaluated_value
                if isinstance(name, str) and name.isidentifier():
                    found.add(f"self.{name}")
            elif self.aliases.qualify(call.func) in _PARAMETER:
                assign = self.tree.parent(call)
                if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
                    spelled = dotted_name(assign.targets[0].target)
                    if spelled is not None and spelled.startswith("self."):
                        found.add(spelled)
        return found

    def runs_a_given_model(self) -> bool:
        """Does a training or evaluation loop run a model its function is given, in a function no code of
        this file calls? (``def evaluate(model, loader)``, ``PPO.update`` running ``self.actor_critic``
        that ``__init__`` keeps from its argument.) Another file builds that model and puts it on its
        device: the loop runs there, whether or not this file names a GPU."""
        models = model_names(self.tree, self.aliases) | models_by_use(self.tree)
        for node in [*self.loops.values(), *self.step_functions.values()]:
            function = node if isinstance(node, cst.FunctionDef) else scope_of(self.tree, node)
            if not isinstance(function, cst.FunctionDef) or self._called_here(function):
                continue
            given = self._given_models(function)
            if given and any(
                self._runs_a_model(call, models) and self._model_run(call, models) in given
                for call in self.tree.of_type(node.body, cst.Call)
            ):
                return True
        return False

    def _model_run(self, call: cst.Call, models: frozenset[str]) -> str | None:
        """How ``call``, which runs a model, spells it: ``model`` of ``model(x)``, ``model.classify(x)``."""
        if self.functions.callee(call) is None and self._is_model(call.func, models):
            return dotted_name(call.func)
        return dotted_name(func_attribute(call).value)

    def _called_here(self, function: cst.FunctionDef) -> bool:
        """``function``, or the class whose method it is, is called in this file: what it is given is
        built here."""
        if self.functions.calls_to(function) or self._instance_calls_to(function):
            return True
        owner = self.functions.enclosing_class(function)
        name = function.name.value if owner is None else owner.name.value
        return any(
            (call.func.attr.value if isinstance(call.func, cst.Attribute) else dotted_name(call.func)) == name
            for call in self.tree.of_type(self.tree.root, cst.Call)
        )

    def _given_models(self, function: cst.FunctionDef) -> set[str]:
        """The spellings in ``function`` of what it is given: its parameters, the ``self.<attr>`` its
        class's ``__init__`` sets from one of its own (``self.model = model``), and local names bound to
        either (``model = self.model``)."""
        given = {p.name.value for p in function.params.params if p.name.value != "self"}
        owner = self.functions.enclosing_class(function)
        init = methods(owner).get("__init__") if owner is not None else None
        if init is not None:
            kept = {p.name.value for p in init.params.params if p.name.value != "self"}
            for assign in self.tree.of_type(init.body, cst.Assign):
                if isinstance(assign.value, cst.Name) and assign.value.value in kept:
                    given |= {
                        spelled
                        for t in assign.targets
                        if (spelled := dotted_name(t.target)) is not None and spelled.startswith("self.")
                    }
        for assign in self.tree.of_type(function.body, cst.Assign):
            if dotted_name(assign.value) in given and len(assign.targets) == 1:
                target = assign.targets[0].target
                if isinstance(target, cst.Name):
                    given.add(target.value)
        return given

    def _innermost_loop_or_function(self, node: cst.CSTNode) -> cst.CSTNode | None:
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.For, cst.While, cst.FunctionDef)):
                return above
            if isinstance(above, (cst.Lambda, cst.ClassDef)):
                return None
        return None

    def events(self) -> Iterator[Event]:
        if self.values is None:
            return
        scopes: dict[int, cst.CSTNode] = {}
        for loop in self.loops.values():
            scope = scope_of(self.tree, loop)
            if id(scope) not in self.step_functions and id(scope) not in self.forwards:
                scopes.setdefault(id(scope), scope)
        walked = set(scopes) | set(self.step_functions)
        for scope in scopes.values():
            # A loop of the tree is in a function or the module.
            body = (
                block(scope.body)
                if isinstance(scope, cst.FunctionDef)
                else cst.ensure_type(scope, cst.Module).body
            )
            yield from self._flow(body, Known(), None, frozenset())
        for function in self.step_functions.values():
            yield from self._flow(block(function.body), Known(), function, frozenset())
        for forward, given_tensors in [
            *self.forwards.values(),
            *self.hooks.values(),
            *self.metric_functions.values(),
        ]:
            if id(forward) in walked:
                continue
            walked.add(id(forward))
            known = Known()
            # a module's other arguments (lengths for packing, flags) stay where the caller keeps them
            known.bind({p.name.value for p in forward.params.params} - given_tensors, "plain")
            known.bind(given_tensors, "device")
            yield from self._flow(block(forward.body), known, forward, frozenset())
        for callback, batch in self.callbacks.values():
            if id(callback) not in walked:
                walked.add(id(callback))
                known = Known()
                known.bind(batch, "plain")  # (a loader's batch: on the host until moved)
                yield from self._flow(block(callback.body), known, callback, frozenset())
        # A function walked above only as the scope of its loops (`def evaluate(...)` around a loop over
        # time steps) runs whole every step where per-step code calls it: its other statements are walked
        # then, and its loops' statements, yielded already, are not yielded twice.
        in_loops: set[int] | None = None
        while self._helpers:
            helper, given = self._helpers.pop(0)
            if id(helper) in scopes and id(helper) not in self.step_functions:
                del scopes[id(helper)]
                if in_loops is None:
                    in_loops = {id(n) for loop in self.loops.values() for n in self.tree.descendants(loop)}
                for event in self._flow(block(helper.body), given, helper, frozenset()):
                    if id(event.node) not in in_loops:
                        yield event
            elif id(helper) not in walked:
                walked.add(id(helper))
                yield from self._flow(block(helper.body), given, helper, frozenset())

    def _event(
        self,
        node: cst.BaseSmallStatement | cst.BaseExpression,
        known: Known,
        step: Step,
        is_test: bool = False,
    ) -> Event:
        for call in self.tree.of_type(node, cst.Call):
            helper = self.functions.callee(call) or self._instance_method(call)
            if helper is not None and helper is not step:
                self._helpers.append((helper, self._given(call, helper, known)))
        return Event(node, known.snapshot(), step, is_test)

    def _instance_calls_to(self, method: cst.FunctionDef) -> list[cst.Call]:
        """``trainer.train_step(batch)``: the calls of ``method`` on instances of its class."""
        calls = self.tree.memo("training_loops.method_calls", lambda: _method_calls(self.tree))
        return [call for call in calls.get(method.name.value, ()) if self._instance_method(call) is method]

    def _instance_method(self, call: cst.Call) -> cst.FunctionDef | None:
        """``agent.act(state)``, ``self.policy.act(s)``: a method of a class of this file, called on a name
        (or ``self.<attr>``) every binding of which in the file builds that class (``agent = Agent(...)``,
        ``Agent(...).to(device)``)."""
        if not isinstance(call.func, cst.Attribute):
            return None
        receiver = dotted_name(call.func.value)
        if receiver is None or receiver == "self":
            return None
        classes = self.tree.memo(
            "training_loops.classes",
            lambda: _unique_classes(self.tree),
        )
        # The answer is a method of one of these classes: a name none of them defines needs no look at
        # the receiver's bindings (most calls in a `forward`, `x.flatten(2)`).
        defined = self.tree.memo(
            "training_loops.method_names", lambda: {name for c in classes.values() for name in methods(c)}
        )
        if call.func.attr.value not in defined:
            return None
        bound = self._classes_bound_to(receiver, classes)
        built = {id(c): c for c in bound if c is not None}
        if not built and self._is_model(call.func.value, frozenset()):
            # `model.predict(x)` on a model the file is given: the method of the one module class of the
            # file that defines it (not `forward`, which the call of the model itself runs)
            local = module_classes(self.tree, self.aliases)
            built = {
                id(c): c
                for name, c in classes.items()
                if name in local and call.func.attr.value in methods(c) and call.func.attr.value != "forward"
            }
        if not built and call.func.attr.value not in _COMMON_METHODS and self._given_here(receiver):
            # `agent.evaluate_batch(x, y)` on an instance the function is given (`def run(agent, loader)`):
            # the method of the one class of the file that defines a method of that name
            built = {id(c): c for c in classes.values() if call.func.attr.value in methods(c)}
        if len(built) != 1:
            return None
        return methods(next(iter(built.values()))).get(call.func.attr.value)

    def _given_here(self, receiver: str) -> bool:
        """Every binding of ``receiver`` in the file is a parameter (``def run(agent, loader)``), or keeps
        one (``self.agent = agent`` in the ``__init__`` given it): what it holds is built by a caller, which
        this file may not show."""
        bindings = self.tree.memo("training_loops.bindings", lambda: _bindings_by_name(self.tree)).get(
            receiver, ()
        )
        if not bindings:
            return False
        for node in bindings:
            if isinstance(node, cst.Param):
                continue
            if not (isinstance(node, cst.Assign) and isinstance(node.value, cst.Name)):
                return False
            function = scope_of(self.tree, node)
            if not (
                isinstance(function, cst.FunctionDef)
                and node.value.value in {p.name.value for p in function.params.params}
            ):
                return False
        return True

    def _classes_bound_to(self, receiver: str, classes: dict[str, cst.ClassDef]) -> list[cst.ClassDef | None]:
        """The class each binding of ``receiver`` in the file builds (None for a binding that builds none
        of the file's classes)."""
        key = ("training_loops.bound_classes", receiver)
        return self.tree.memo(key, lambda: self._find_classes_bound_to(receiver, classes))

    def _find_classes_bound_to(
        self, receiver: str, classes: dict[str, cst.ClassDef]
    ) -> list[cst.ClassDef | None]:
        found: list[cst.ClassDef | None] = []
        bindings = self.tree.memo("training_loops.bindings", lambda: _bindings_by_name(self.tree))
        for node in bindings.get(receiver, ()):
            if isinstance(node, cst.Param):
                if node.name.value == receiver:
                    found.append(None)
                continue
            if isinstance(node, (cst.For, cst.CompFor, cst.WithItem)):
                bound: cst.BaseExpression | None = (
                    node.target
                    if isinstance(node, (cst.For, cst.CompFor))
                    else (node.asname.name if node.asname is not None else None)
                )
                if bound is not None and receiver in {
                    dotted_name(e)
                    for e in [bound, *self.tree.descendants(bound)]
                    if isinstance(e, cst.BaseExpression)
                }:
                    found.append(None)  # `for agent in agents:`: any of them
                continue
            if not isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                continue
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            for target in targets:
                spelled = {dotted_name(target)} | {
                    dotted_name(e) for e in self.tree.descendants(target) if isinstance(e, cst.BaseExpression)
                }
                if receiver not in spelled:
                    continue
                value = (
                    node.value
                    if dotted_name(target) == receiver and not isinstance(node, cst.AugAssign)
                    else None
                )
                while (  # `Agent(...).to(device)`: the instance moved
                    isinstance(value, cst.Call)
                    and isinstance(value.func, cst.Attribute)
                    and value.func.attr.value in _MODULE_HOUSEKEEPING
                ):
                    value = value.func.value
                built = (
                    classes.get(value.func.value)
                    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                    else None
                )
                found.append(built)
        return found if found and None not in found else []

    def _given(self, call: cst.Call, helper: cst.FunctionDef, known: Known) -> Known:
        """The parameters of ``helper`` that ``call`` gives device tensors, and those it gives values
        shown to be none (numbers, a batch still on the host), as what the helper knows."""
        assert self.values is not None
        return Known(
            device=set(self.values.given_tensors(call, helper, known)),
            plain=set(self.values.given_plain(call, helper, known)),
        )

    def _flow(
        self,
        statements: Sequence[cst.BaseStatement],
        known: Known,
        step: Step | None,
        counters: frozenset[str],
        periodic: bool = False,
    ) -> Iterator[Event]:
        """Events of ``statements``, run every ``step`` (None: not in a step yet) unless ``periodic``."""
        values = self.values
        assert values is not None
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if step is not None and not periodic:  # every step
                        yield self._event(small, known, step)
                    values.bind(small, known)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            elif isinstance(statement, (cst.For, cst.While)):
                inner = statement if id(statement) in self.loops else step
                if isinstance(statement, cst.While) and inner is not None and not periodic:
                    yield self._event(statement.test, known, inner, is_test=True)
                if isinstance(statement, cst.For) and step is not None and not periodic:
                    yield self._event(statement.iter, known, step)
                counted = counters
                if isinstance(statement, cst.For):
                    values.bind_loop_target(statement, known)
                    counted = counters | _counter(statement)
                # a step loop under a branch taken on some epochs only still runs its body every step
                again = periodic and id(statement) not in self.loops
                yield from self._flow(block(statement.body), known, inner, counted, again)
                if statement.orelse is not None:
                    yield from self._flow(block(statement.orelse.body), known, step, counters, periodic)
            elif isinstance(statement, cst.If):
                yield from self._if(statement, known, step, counters, periodic)
            elif isinstance(statement, (cst.Try, cst.TryStar)):
                # an `except` runs when something failed, not every step
                yield from self._flow(block(statement.body), known, step, counters, periodic)
                for handler in statement.handlers:
                    yield from self._flow(block(handler.body), known, step, counters, True)
                for tail in (statement.orelse, statement.finalbody):
                    if tail is not None:
                        yield from self._flow(block(tail.body), known, step, counters, periodic)
            else:  # with: its body runs in order
                for suite in suites(statement):
                    yield from self._flow(suite, known, step, counters, periodic)

    def _if(
        self, statement: cst.If, known: Known, step: Step | None, counters: frozenset[str], periodic: bool
    ) -> Iterator[Event]:
        if step is not None and not periodic:
            yield self._event(statement.test, known, step, is_test=True)
        some_steps = self._selects_steps(statement.test, counters) and not self._trains(statement.body)
        yield from self._flow(block(statement.body), known, step, counters, periodic or some_steps)
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            yield from self._if(orelse, known, step, counters, periodic)
        elif orelse is not None:
            yield from self._flow(block(orelse.body), known, step, counters, periodic)

    def _trains(self, body: cst.BaseSuite) -> bool:
        """``body`` takes a training step itself: it calls ``.backward()`` or an optimizer's ``.step()``."""
        return any(called_method(c) == "backward" or is_optimizer_step(c) for c in self._own_calls(body))

    def _selects_steps(self, test: cst.BaseExpression, counters: frozenset[str]) -> bool:
        """``step % 100 == 0``, ``i in checkpoints``, ``epoch == last``: true on some steps only."""
        for node in [test, *self.tree.descendants(test)]:
            if (
                type(node) is cst.BinaryOperation and type(node.operator) is cst.Modulo
            ):  # (a matcher cost more)
                return True
            if isinstance(node, (cst.Name, cst.Attribute)) and _DEBUG_FLAG.match(
                (dotted_name(node) or "").rsplit(".", 1)[-1]
            ):
                return True  # `if args.verbose:`: a run asked to show more, not every run's steps
            if isinstance(node, cst.Comparison) and dotted_name(node.left) in counters:
                if all(type(c.operator) in _SELECTING for c in node.comparisons):
                    return True
        return False


def _over_a_loader(iterable: cst.BaseExpression) -> bool:
    """``val_loader``, ``enumerate(self.test_loader)``, ``tqdm(dataloader)``: the batches of a loader;
    also one picked from a dict of loaders by phase (``dataloaders[phase]``, ``self.loaders["val"]``)."""
    while isinstance(iterable, cst.Call) and _is_loader_wrapper(iterable.func) and iterable.args:
        iterable = iterable.args[0].value
    if isinstance(iterable, cst.Subscript) and len(iterable.slice) == 1:
        picked = dotted_name(iterable.value)
        return picked is not None and _LOADERS.search(picked.rsplit(".", 1)[-1]) is not None
    name = dotted_name(iterable)
    return name is not None and _LOADER.search(name.rsplit(".", 1)[-1]) is not None


# The matchers above as type tests, asked of every loop and every step's tests: the matchers cost more than
# the rest of the look at a loop. tests/test_codemods/test_fast_matchers.py checks that the two agree.
def _is_counting(node: cst.CSTNode) -> bool:
    """``_COUNTING``: ``range(n)``, ``count()``, ``trange(n)``, ``itertools.count()``."""
    if type(node) is not cst.Call:
        return False
    func = node.func
    if type(func) is cst.Name:
        return func.value in ("range", "count", "trange")
    return type(func) is cst.Attribute and func.attr.value == "count"


def _is_over_numbers(node: cst.CSTNode) -> bool:
    """``_OVER_NUMBERS``: a counting call, or ``tqdm``/``enumerate`` of one."""
    if _is_counting(node):
        return True
    if type(node) is not cst.Call or not node.args or not _is_counting(node.args[0].value):
        return False
    func = node.func
    if type(func) is cst.Name:
        return func.value in ("tqdm", "enumerate")
    return type(func) is cst.Attribute and func.attr.value == "tqdm"


def _is_loader_wrapper(node: cst.CSTNode) -> bool:
    """``_LOADER_WRAPPERS``: ``enumerate``, ``tqdm``, ``iter``, ``x.tqdm``."""
    if type(node) is cst.Name:
        return node.value in ("enumerate", "tqdm", "iter")
    return type(node) is cst.Attribute and node.attr.value == "tqdm"


def _unannotated_or_tensor(param: cst.Param) -> bool:
    """``x`` or ``x: Tensor`` / ``x: torch.Tensor`` (not ``lengths: list[int]``)."""
    if param.annotation is None:
        return True
    return (dotted_name(param.annotation.annotation) or "").rsplit(".", 1)[-1] == "Tensor"


def _method_calls(tree: Tree) -> dict[str, list[cst.Call]]:
    """The module's calls of an attribute (``x.step(...)``), by the attribute's name, in source order:
    looking at every call of the module for each method cost time quadratic in the module's size."""
    found: dict[str, list[cst.Call]] = {}
    for call in tree.of_type(tree.root, cst.Call):
        if isinstance(call.func, cst.Attribute):
            found.setdefault(call.func.attr.value, []).append(call)
    return found


_BINDING_KINDS = (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Param, cst.For, cst.CompFor, cst.WithItem)


def _bindings_by_name(tree: Tree) -> dict[str, list[cst.CSTNode]]:
    """The module's bindings (of ``_BINDING_KINDS``) by each dotted name their targets spell (a target
    and every expression in it: ``a.b, c = ...`` under ``a``, ``a.b`` and ``c``), in source order: what
    ``_find_classes_bound_to`` looks at for one name, found once per pass instead of once per name."""

    def spelled(target: cst.CSTNode) -> set[str | None]:
        return {
            dotted_name(e) for e in [target, *tree.descendants(target)] if isinstance(e, cst.BaseExpression)
        }

    found: dict[str, list[cst.CSTNode]] = {}
    for node in tree.of_type(tree.root, _BINDING_KINDS):
        names: set[str | None]
        if isinstance(node, cst.Param):
            names = {node.name.value}
        elif isinstance(node, (cst.For, cst.CompFor)):
            names = spelled(node.target)
        elif isinstance(node, cst.WithItem):
            names = spelled(node.asname.name) if node.asname is not None else set()
        elif isinstance(node, cst.Assign):
            names = {name for t in node.targets for name in spelled(t.target)}
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            names = spelled(node.target)
        else:
            continue
        for name in names:
            if name is not None:
                found.setdefault(name, []).append(node)
    return found


def _unique_classes(tree: Tree) -> dict[str, cst.ClassDef]:
    """The classes of the file by name, those defined once."""
    classes = tree.of_type(tree.root, cst.ClassDef)
    names = [c.name.value for c in classes]
    return {c.name.value: c for c in classes if names.count(c.name.value) == 1}


def _counter(loop: cst.For) -> frozenset[str]:
    """The name counting the iterations of ``for i in range(n)`` / ``for i, x in enumerate(xs)``."""
    if not m.matches(loop.iter, _COUNTED):
        return frozenset()
    names = flatten_names(loop.target)
    return frozenset(names[:1])


def scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    """The function (or module) whose body holds ``node``."""
    for above in tree.ancestors(node):
        if isinstance(above, (cst.FunctionDef, cst.Module)):
            return above
    return node


def _runs_once(loop: Loop) -> bool:
    """The loop's body ends in an unconditional ``break``: it takes one batch and stops."""
    body = loop.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    last = body.body[-1]
    return isinstance(last, cst.SimpleStatementLine) and any(isinstance(s, cst.Break) for s in last.body)
