"""Where code assumes a GPU: each place a CUDA device is hard-coded, and the fix it takes.

:func:`cuda_sites` lists them:

- moves and placements: ``.cuda()``, ``.to("cuda")``, ``device="cuda"``, ``torch.load(...,
  map_location="cuda:0")`` (or a lambda that calls ``.cuda()``), ``torch.cuda.FloatTensor(...)``: they
  take the module's portable device (``uses_device``);
- ``.cuda(d)`` where ``d`` is a device (``x.device``, a device-named variable): ``.to(d)``, which goes
  wherever ``d`` is, the CPU included;
- a device chosen once: ``device = torch.device("cuda")``, ``self.device = "cuda:0"``, ``def
  f(device="cuda")``, ``def g(gpu_id="cuda:0")``, ``device: str = "cuda"``: CUDA only when it is
  available (keeping the GPU it names); a GPU whose index the program computes
  (``torch.device(f"cuda:{args.gpu}")``, ``torch.device("cuda", local_rank)``) falls back to the CPU;
- ``torch.set_default_tensor_type(torch.cuda.FloatTensor)``: the CPU type without a GPU (a type named
  by a string is reported only);
- a ``torch.cuda.FloatTensor`` alias (``dtype = torch.cuda.FloatTensor``): the CPU type when there is
  no GPU. ``x.type(torch.cuda.FloatTensor)`` is reported only (DEV009 rewrites it to ``.to("cuda",
  torch.float32)``, a site with a fix); a type named by a string (``"torch.cuda.FloatTensor"``) is
  left alone: the emulated GPU of ``autofix verify`` cannot run it, so no fix of it could be proved;
- ``torch.cuda.set_device(i)`` and ``torch.cuda.synchronize()`` statements: run only with a GPU;
- the switches of :mod:`codemods.rules.dev007_hardcoded_cuda._gpu_switches` (``USE_CUDA = True``): ask
  the machine.

Not sites: code under a test that mentions CUDA or a GPU (``if torch.cuda.is_available():``, ``if
args.cuda:``, ``x.cuda() if use_gpu else x``), where the switch decides, compares a device with the CPU
(``if device.type != "cpu":``) or reads a name bound to ``torch.cuda.is_available()`` (not the ``else``
of an availability test, which runs exactly without a GPU, nor the body of ``if not args.no_cuda:``,
which runs unless the user opts out, nor that of ``if args.cuda:`` for an option on by default that the
file never stores to, nor the branch a switch read plainly sends to the CPU: the ``else`` of ``if
args.gpu is not None:``); the right of ``torch.cuda.is_available() and ...``; a loop over
``range(torch.cuda.device_count())``; a test its decorator skips without a GPU; a placement in a
``try`` whose handler catches its error and lets the program go on; a GPU default the code corrects by
asking the machine (:mod:`codemods.rules.dev007_hardcoded_cuda._corrected_defaults`); ``set_device``
and ``synchronize`` after ``assert torch.cuda.is_available()`` in their block, or in a block that
joins an NCCL process group (GPUs only); the body of a top-level
function the file calls only where a GPU is (inside ``if torch.cuda.is_available():``, after ``if not
use_cuda: sys.exit()``, or in a function itself called only there, however deep); a switch stuck on
(``use_gpu = True``) that is read only as ``if use_gpu:`` around GPU code that asks
``torch.cuda.is_available()`` itself; ``.cuda()`` in a method named ``cuda``, which forwards its
caller's request; ``"cuda"`` where it is not a device (``backend = "cuda"``). An explicit GPU index
(``.cuda(1)``) is a placement decision: reported, not fixed (a literal ``"cuda:1"`` text keeps its GPU
where there is one and takes the CPU otherwise, unsafe), except GPU 0 in a file that
names no other GPU and never sets the current one (it is the GPU ``.cuda()`` uses), and except on a
tensor fed right there to a layer of the file's modules
(:mod:`codemods.rules.dev007_hardcoded_cuda._fed_modules`): it goes where that layer is. So is an index
the caller passes in (``.cuda(device_id)``), except in a file that asks ``torch.cuda.is_available()``
somewhere: it has a CPU path, and the index is that path's decision.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

import libcst as cst
import libcst.matchers as m

from codemods.analysis.cli_options import CliOptions
from codemods.analysis.device_sites import DEVICE_NAME, device_positions, looks_like_device
from codemods.analysis.evident_data import legacy_rewrite, legacy_rewritten
from codemods.core.base import Replacement
from codemods.core.name_bindings import binding_counts, bindings_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.route_vocabulary import SWITCHES_CURRENT_GPU
from codemods.core.syntax import code_of, kwarg, positional, with_arg_value, with_args_appended
from codemods.core.torch_names import LEGACY_TENSOR_DTYPES
from codemods.core.tree import Tree, instance_test
from codemods.fixes.portable_device import PortableDevice, device_string, is_cuda, is_indexed_cuda
from codemods.rules.dev007_hardcoded_cuda._corrected_defaults import CorrectedDefaults
from codemods.rules.dev007_hardcoded_cuda._fed_modules import fed_module
from codemods.rules.dev007_hardcoded_cuda._gpu_switches import (
    Switch,
    argument_switches,
    assigned_switch,
    chosen_by_off_switch,
    dictionary_switch,
    parameter_switch,
)

# A test that decides whether CUDA is used: `torch.cuda.is_available()`, `args.cuda`, `use_gpu`; or
# that compares a device with the CPU (`if device.type != "cpu":`, `if str(device) == 'cpu':`).
_GUARD = re.compile(r"is_available|cuda|gpu", re.IGNORECASE)
# An option naming the one GPU a run uses (`--gpu`, `--gpu_id`, `--cuda_device`), and the words of a
# file that places work on several GPUs (where `.cuda(args.gpu)` is that process's placement).
_GPU_OPTION = re.compile(r"(?:gpu|cuda)(?:_?(?:id|index|device|num))?|device_?id", re.IGNORECASE)
_MULTI_GPU = re.compile(r"distributed|device_ids|set_device|DataParallel|device_count|local_rank")
_CPU_TEST = re.compile(r"""[!=]=\s*(?:torch\.device\(\s*)?(['"])cpu\1|(['"])cpu\2\s*\)?\s*[!=]=""")
# A decorator that skips or refuses its function without a GPU (`@unittest.skipIf(not
# torch.cuda.is_available(), ...)`, `@pytest.mark.skipif(...)`, `@requires_cuda`).
_SKIPS = re.compile(r"skip|require", re.IGNORECASE)
# An off switch: `--no-cuda`, `args.disable_gpu` (GPU unless given).
_OFF_SWITCH = re.compile(r"^(no|disable)_(cuda|gpu)$", re.IGNORECASE)
# What a handler that lets the program go on without a GPU catches (`try: model.cuda()` / `except: pass`).
_CAUGHT = frozenset({"Exception", "BaseException", "RuntimeError", "AssertionError"})
_GPU_ONLY_STATEMENTS = frozenset({"torch.cuda.set_device", "torch.cuda.synchronize"})
# What makes another GPU the current one, the one `.cuda()` picks (a stream's context switches to its
# stream's GPU).
_SWITCHING_LAST_NAMES = frozenset(path.rpartition(".")[2] for path in SWITCHES_CURRENT_GPU) | {"cuda"}
_NAMED_DEVICE = m.Attribute(attr=m.Name("device"))  # `x.device`, `next(model.parameters()).device`
# `if ...: return` (or raise, continue, break, exit()): what follows runs only when the test is false.
_EXIT_CALL = m.Call(m.Name("exit") | m.Name("quit") | m.Attribute(m.Name("sys"), m.Name("exit")))
_LEAVES = m.Return() | m.Raise() | m.Continue() | m.Break() | m.Expr(_EXIT_CALL)
_EARLY_EXIT = m.If(
    body=m.IndentedBlock(body=[m.ZeroOrMore(), m.SimpleStatementLine(body=[m.ZeroOrMore(), _LEAVES])])
    | m.SimpleStatementSuite(body=[m.ZeroOrMore(), _LEAVES]),
    orelse=None,
)

# Joining a process group, whose backend may be NCCL (GPUs only).
_PROCESS_GROUP_JOINS = frozenset(
    {"torch.distributed.init_process_group", "torch.distributed.distributed_c10d.init_process_group"}
)

# What `PortableDevice.only_with_gpu` writes around `torch.cuda.set_device(i)`.
_WRITTEN_GUARD = m.If(
    body=m.IndentedBlock(
        body=[
            m.SimpleStatementLine(
                body=[
                    m.Expr(
                        m.Call(
                            m.Attribute(
                                m.Attribute(attr=m.Name("cuda")), m.Name("set_device") | m.Name("synchronize")
                            )
                        )
                    )
                ]
            )
        ]
    ),
    orelse=None,
)

_IS_FUNCTION = instance_test(cst.FunctionDef)  # isinstance, cached per class (see codemods.core.tree)
_IS_ARG = instance_test(cst.Arg)


def _forwards_cuda(node: cst.CSTNode) -> bool:
    """``def cuda(self, ...)``, ``map_location=...`` (plain tests: asked of every ancestor of every site)."""
    if _IS_FUNCTION(node):
        return node.name.value == "cuda"
    return _IS_ARG(node) and node.keyword is not None and node.keyword.value == "map_location"


# The nodes a site can be.
SITE_KINDS = (cst.Call, cst.Assign, cst.Param, cst.DictElement)
# `device: str = "cuda"` (a dataclass field, an annotated module setting): asked apart, as `Rule.sites`
# takes at most four kinds at once.
ANNOTATED = cst.AnnAssign
SiteNode = cst.Call | cst.Assign | cst.Param | cst.DictElement | cst.AnnAssign

# A fix, given the file's portable device and the name of the module's device.
Fix = Callable[[PortableDevice, cst.BaseExpression], Replacement]


@dataclass(frozen=True)
class Site:
    """One place that assumes a GPU: reported at ``node``, fixed (when ``fix`` is set) by replacing
    ``target`` (``node`` itself unless given) with ``fix(...)``."""

    node: cst.CSTNode
    message: str
    fix: Fix | None = None
    advice: str = ""  # how the fix cures it, added to the message when it is applied
    target: cst.CSTNode | None = None
    uses_device: bool = False  # the fix reads the module's device (which may have to be added)
    places: bool = False  # a call that puts something on the GPU (raises without one)
    # The fix is a switch's, which may cure other sites too (an option's default cures every `.cuda()`
    # it guards): written once per ``target``, so that each of them offers the very same fix.
    shared: bool = False
    # The GPU an option chooses, kept in one ``device`` defined after the option is read (where the
    # file allows it): the fix then moves to that name instead of spelling the choice at each move.
    option: OptionDevice | None = None


@dataclass(frozen=True)
class OptionDevice:
    """``device = torch.device(f"cuda:{args.gpu}" if ... else "cpu")`` written (or found) right below
    ``anchor``, the statement that binds the options (``args = parser.parse_args()``); ``spelled``:
    the option as the definition reads it; ``defined``: already there."""

    call: cst.Call
    anchor: cst.SimpleStatementLine
    spelled: str
    defined: bool
    move: Callable[[cst.BaseExpression], Replacement]  # the site's call, moved to a device


def option_definition(torch: str, spelled: str) -> str:
    """The text of the option's one device, as :class:`OptionDevice` writes it."""
    return f'device = {torch}.device(f"cuda:{{{spelled}}}" if {torch}.cuda.is_available() else "cpu")'


def cuda_sites(
    tree: Tree,
    aliases: ImportAliases,
    nodes: Sequence[SiteNode] | None = None,
    source: str | None = None,
    gpu_switched_elsewhere: bool = False,
) -> Iterator[Site]:
    """Every site of the module, in source order, guarded code left out; with ``nodes`` (the module's
    calls, assignments, parameters and dictionary entries to look at: ``Rule.sites``), those sites only.
    ``source``: the module's text (``RuleContext.source``), when the caller has it: else generated.
    ``gpu_switched_elsewhere``: a project file this one imports switches the current GPU (project mode)."""
    if nodes is None:
        nodes = tree.of_type(tree.root, (*SITE_KINDS, ANNOTATED))
    return _Sites(tree, aliases, source, gpu_switched_elsewhere).all(nodes)


def _switch_site(switch: Switch) -> Site:
    return Site(
        switch.node,
        f"{switch.spelled} assumes a GPU",
        lambda p, _: switch.asking(p.available()),
        "ask `torch.cuda.is_available()`",
        switch.value,
        shared=True,
    )


def _legacy_kind(node: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """``torch.cuda.FloatTensor`` named, not called: ``FloatTensor``."""
    prefix, _, kind = ("" if isinstance(node, cst.Call) else aliases.qualify(node) or "").rpartition(".")
    return kind if prefix == "torch.cuda" and kind in LEGACY_TENSOR_DTYPES else None


class _Sites:
    def __init__(
        self,
        tree: Tree,
        aliases: ImportAliases,
        source: str | None = None,
        gpu_switched_elsewhere: bool = False,
    ) -> None:
        self.tree = tree
        self.aliases = aliases
        # The module's text, searched for a multi-GPU setup and writes of an option: the engine's, not a
        # code generation of the whole module (which cost 0.4 s of every pass of a 2.4 MB file).
        self._source = source
        self._guards: dict[int, bool] = {}  # If/IfExp -> does its test decide on CUDA?
        self._exits: dict[tuple[int, bool], float] = {}  # (block, gpu_only) -> _first_exit
        self._positions: dict[int, dict[int, int]] = {}  # block -> statement -> index in it
        self._module_positions: set[str] | None = None
        self._has_cpu_path: bool | None = None
        self._calls_guarded: dict[int, bool] = {}  # function -> _called_only_guarded
        self._names_by_text: dict[str, list[cst.Name]] | None = None
        self._name_positions: dict[str, list[int]] = {}  # as _names_by_text, their positions
        # Every Name of the module by its spelling, with its position (what _names filters).
        self._all_names: dict[str, tuple[list[cst.Name], list[int]]] = {}
        self._corrections = CorrectedDefaults(tree, aliases)
        self._gpu_zero: bool | None = False if gpu_switched_elsewhere else None  # _only_gpu_zero
        self._stuck_options: dict[str, Switch] | None = None  # _options_on_by_default
        self._distributed: bool | None = None  # _option_gpu
        self._options: CliOptions | None = None  # _option_gpu
        self._written: dict[tuple[str, str], bool] = {}  # _option_written

    def _text(self) -> str:
        if self._source is None:
            self._source = code_of(self.tree.root)
        return self._source

    def all(self, nodes: Sequence[SiteNode]) -> Iterator[Site]:
        for node in nodes:
            found = list(self._of(node))
            if found and not self._guarded(node):
                stuck = self._stuck_option_above(node)
                if stuck is None:
                    yield from found
                    continue
                # The option's own fix (asking the machine) cures it, and is the site's fix: fixing the
                # site too would make the result depend on which fix ran first.
                option, switch = stuck
                why = (
                    f": it runs on the plain command line, as `{option}` is on by default; the option's"
                    " fix (ask `torch.cuda.is_available()`) cures it"
                )
                cure = _switch_site(switch) if not self._option_corrected(switch) else None
                for site in found:
                    message = site.message.split(";")[0] + why
                    if cure is None:
                        yield replace(site, message=message, fix=None)
                    else:
                        yield replace(cure, node=site.node, message=message, advice="")

    def _stuck_option_above(self, node: cst.CSTNode) -> tuple[str, Switch] | None:
        """The option on by default whose test (``if args.cuda:``) ``node`` runs under: the test spelled
        as read, and the option's switch."""
        below = node
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.If, cst.IfExp)) and self._on_by_default(above, below):
                key = _read_option(above.test)
                assert key is not None  # `_on_by_default` read it
                return code_of(above.test), self._options_on_by_default()[key[1]]
            below = above
        return None

    def _of(self, node: SiteNode) -> Iterator[Site]:
        if isinstance(node, cst.Call):
            switches = argument_switches(node)
            yield from (_switch_site(s) for s in switches if not self._option_corrected(s))
            yield from map(_switch_site, chosen_by_off_switch([a.value for a in node.args]))
            yield from self._type_arguments(node)
            site = self._call(node)
        elif isinstance(node, cst.Assign):
            yield from map(_switch_site, chosen_by_off_switch([node.value]))
            switch = assigned_switch(node)
            if switch and self._redundant_switch(node):
                return
            spelled = dotted_name(node.targets[0].target) if len(node.targets) == 1 else None
            site = _switch_site(switch) if switch else self._assignment(node, spelled, node.value)
            if site is not None and spelled and self._corrections.corrected(spelled, node):
                return  # `device = "cuda"`, then `if not torch.cuda.is_available(): device = "cpu"`
        elif isinstance(node, cst.AnnAssign):
            spelled = dotted_name(node.target)
            site = self._assignment(node, spelled, node.value) if spelled and node.value else None
            if site is not None and spelled and self._corrections.corrected(spelled, node):
                return
        elif isinstance(node, cst.Param):
            switch = parameter_switch(node)
            site = _switch_site(switch) if switch else self._parameter(node)
            if site is not None and self._corrections.corrected(node.name.value, node):
                return  # `def f(use_cuda=True): use_cuda = use_cuda and torch.cuda.is_available()`
            if site is not None and self._read_only_with_gpu(node):
                return  # `def f(device="cuda"): if not torch.cuda.is_available(): return ...`
        else:
            switch = dictionary_switch(node)
            site = _switch_site(switch) if switch else None
        if site is not None:
            yield site

    def _option_corrected(self, switch: Switch) -> bool:
        """An argparse option on by default (``--use-cuda``, ``default=True``) that the file corrects:
        ``args.use_cuda = args.use_cuda and torch.cuda.is_available()``."""
        call = switch.node
        name = _option_dest(call) if isinstance(call, cst.Call) else None
        return name is not None and self._corrections.option_corrected(name)

    def _guarded(self, node: cst.CSTNode) -> bool:
        """Under a test that decides on CUDA, or after one that leaves the block when there is no GPU
        (``if not torch.cuda.is_available(): return``)."""
        below = node
        gpu_only = isinstance(node, cst.Call) and self.aliases.qualify(node.func) in _GPU_ONLY_STATEMENTS
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.If, cst.IfExp)) and self._decides(above):
                if self._guards_branch(above, below):
                    return True
            if isinstance(above, cst.BooleanOperation) and isinstance(above.operator, cst.And):
                if below is above.right and self._gpu_test(above.left, above):
                    return True  # `torch.cuda.is_available() and model.cuda()`, `use_cuda and x.cuda()`
            if _forwards_cuda(above):
                return True  # forwards its caller's `.cuda()`; a map_location lambda is its own site
            if isinstance(above, (cst.IndentedBlock, cst.Module)):
                if self._first_exit(above, gpu_only) < self._position(above, below):
                    return True
            if isinstance(above, cst.FunctionDef) and self._called_only_guarded(above):
                return True
            if isinstance(above, (cst.FunctionDef, cst.ClassDef)) and self._skipped_without_gpu(above):
                return True
            if _per_gpu(above, below):
                return True
            if isinstance(above, cst.Try) and below is above.body and isinstance(node, cst.Call):
                if any(self._goes_on(handler) for handler in above.handlers):
                    return True
            below = above
        return False

    def _read_only_with_gpu(self, param: cst.Param) -> bool:
        """Is every read of ``param`` in its function one that runs only where the machine said it has
        a GPU (after ``if not torch.cuda.is_available(): return model.to("cpu")`` in the function's
        body, or in the body of ``if torch.cuda.is_available():``), or one that only compares it (``if
        device == "cpu":``)? Then a machine without a GPU never acts on the GPU default. A test of the
        parameter itself (``if device != "cpu":``) is no such guard: the default passes it. A parameter
        the function binds again is left to :class:`CorrectedDefaults`."""
        function = self.tree.parent(self.tree.parent(param))
        if not isinstance(function, cst.FunctionDef) or not isinstance(function.body, cst.IndentedBlock):
            return False
        body = function.body
        exit_at = next(
            (
                i
                for i, s in enumerate(body.body)
                if isinstance(s, cst.If)
                and m.matches(s, _EARLY_EXIT)
                and isinstance(s.test, cst.UnaryOperation)
                and isinstance(s.test.operator, cst.Not)
                and self._asks_plainly(s.test.expression, s)
            ),
            None,
        )
        reads = [n for n in self._names_under(param.name.value, function) if n is not param.name]
        for read in reads:
            parent = self.tree.parent(read)
            if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Param, cst.For)):
                return False  # bound again (or shadowed): not a read of the default
            if isinstance(parent, cst.ComparisonTarget) or (
                isinstance(parent, cst.Comparison) and parent.left is read
            ):
                continue
            if not self._after_machine_said_gpu(read, body, exit_at):
                return False
        return bool(reads)

    def _after_machine_said_gpu(
        self, read: cst.CSTNode, body: cst.IndentedBlock, exit_at: int | None
    ) -> bool:
        """Is ``read`` in the body of ``if torch.cuda.is_available():``, or in a statement of ``body``
        after the one at ``exit_at`` (which leaves without a GPU)?"""
        below = read
        for above in self.tree.ancestors(read):
            if isinstance(above, cst.If) and below is above.body and self._asks_plainly(above.test, above):
                return True
            if above is body:
                return exit_at is not None and self._position(body, below) > exit_at
            below = above
        return False

    @staticmethod
    def _skipped_without_gpu(definition: cst.FunctionDef | cst.ClassDef) -> bool:
        """A test (or class of tests) its decorator skips where there is no GPU."""
        return any(
            _SKIPS.search(text) and _GUARD.search(text)
            for text in (code_of(d.decorator) for d in definition.decorators)
        )

    def _goes_on(self, handler: cst.ExceptHandler) -> bool:
        """Does ``handler`` catch what a placement raises without a GPU (``RuntimeError``,
        ``AssertionError``, or any exception) and let the program go on, neither raising nor exiting?"""
        caught = handler.type
        kinds = [e.value for e in caught.elements] if isinstance(caught, cst.Tuple) else [caught]
        names = {(dotted_name(k) or "").rsplit(".", 1)[-1] for k in kinds if k is not None}
        if handler.type is not None and not names & _CAUGHT:
            return False
        leaves = self.tree.of_type(handler.body, (cst.Raise, cst.Call))
        return not any(isinstance(n, cst.Raise) or m.matches(n, _EXIT_CALL) for n in leaves)

    def _opted_out(self, branch: cst.If | cst.IfExp, below: cst.CSTNode) -> bool:
        """Is ``below`` the branch of ``branch`` taken unless the user opts out of the GPU: the body of
        ``if not args.no_cuda:`` (``disable_cuda``, ``no_gpu``), the ``else`` of ``if args.no_cuda:``,
        with nothing in the test asking the machine? Like ``if not args.use_cpu:``, which does not
        mention CUDA, it sends the code to the GPU by default."""
        test, negated = branch.test, False
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negated = test.expression, True
        key = dotted_name(test)
        if key is None or not _OFF_SWITCH.match(key.rsplit(".", 1)[-1]):
            return False
        return below is (branch.body if negated else branch.orelse)

    def _cpu_branch(self, branch: cst.If | cst.IfExp, below: cst.CSTNode) -> bool:
        """Is ``below`` the branch of ``branch`` that a switch read plainly sends to the CPU: the
        ``else`` of ``if args.cuda:`` or ``if args.gpu is not None:``, the body of ``if args.gpu is
        None:`` or ``if device == "cpu":``? A test whose sense the code does not show plainly (``if
        torch.cuda.device_count() > 1:``) guards both branches."""
        sense = _gpu_sense(branch.test)
        if sense is None:
            return False
        return below is (branch.orelse if sense else branch.body)

    def _on_by_default(self, branch: cst.If | cst.IfExp, below: cst.CSTNode) -> bool:
        """Is ``below`` the branch of ``branch`` taken when an argparse option that is on by default
        (``--cuda`` with ``action="store_false"`` or ``default=True``, never stored to by the file) is
        left as it is: the body of ``if args.cuda:``? Without a GPU the program's plain command line
        runs that code: the test guards nothing."""
        key = _read_option(branch.test)
        if below is not branch.body or key is None or key[1] not in self._options_on_by_default():
            return False
        return key[0] in self._parsed_names()

    def _options_on_by_default(self) -> dict[str, Switch]:
        """Where the file's argparse options stuck on keep their value (``cuda`` for ``--cuda``), less
        those the file stores to anywhere (``args.cuda = args.cuda and torch.cuda.is_available()``,
        ``args.cuda = False`` under some test): such an option may be corrected."""
        if self._stuck_options is None:
            stuck: dict[str, Switch] = {}
            for call in self.tree.of_type(self.tree.root, cst.Call):
                if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_argument"):
                    continue
                dest = _option_dest(call)
                switch = next((s for s in argument_switches(call) if s.node is call), None)
                if dest is not None and switch is not None:
                    stuck[dest] = switch
            for assign in self.tree.of_type(self.tree.root, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                if isinstance(assign, cst.Assign):
                    targets = [t.target for t in assign.targets]
                else:
                    targets = [assign.target]
                for read in map(_read_option, targets):
                    if read is not None:
                        stuck.pop(read[1], None)
            self._stuck_options = stuck
        return self._stuck_options

    def _parsed_names(self) -> frozenset[str]:
        """The module-level names bound to the command line: ``args = parser.parse_args()``, ``args =
        vars(parser.parse_args())``."""
        return self.tree.memo(_parsed_names, lambda: _parsed_names(self.tree))

    def _runs_without_gpu(self, branch: cst.If | cst.IfExp, below: cst.CSTNode) -> bool:
        """Is ``below`` the branch of ``branch`` taken exactly when there is no GPU: the ``else`` of
        ``if torch.cuda.is_available():`` (or of a name bound to it), the body of ``if not ...:``?"""
        test, negated = branch.test, False
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negated = test.expression, True
        if not self._asks_plainly(test, branch):
            return False
        return below is (branch.body if negated else branch.orelse)

    def _called_only_guarded(self, function: cst.FunctionDef) -> bool:
        """A top-level function that the file calls, by name, only where a GPU is there (``if use_cuda:
        x = gpu_dataset(x)``), or a method its class calls, as ``self.name(...)``, only there (``if
        self.use_cuda: self._to_gpu()``): its GPU code never runs without a GPU, from this file. A call
        is there as a site is (:meth:`_guarded`): under a CUDA test, after an exit without a GPU
        (``if not torch.cuda.is_available(): sys.exit(1)`` in ``main``, which then calls ``train``),
        or in a function itself called only there, however deep. Any other use of the name (passed
        on, rebound, called on another object) leaves the question open: not guarded."""
        if id(function) in self._calls_guarded:
            return self._calls_guarded[id(function)]
        self._calls_guarded[id(function)] = False  # a recursive function: not shown guarded
        answer = False
        parent = self.tree.parent(function)
        if isinstance(parent, cst.Module):
            uses = [n for n in self._names(function.name.value) if n is not function.name]
            calls = [self.tree.parent(n) for n in uses]
            answer = bool(calls) and all(
                isinstance(c, cst.Call) and c.func is n and self._guarded(c) for c, n in zip(calls, uses)
            )
        elif isinstance(parent, cst.IndentedBlock):
            owner = self.tree.parent(parent)
            if isinstance(owner, cst.ClassDef):
                methods = self._attributes().get(function.name.value, [])
                answer = bool(methods) and all(self._self_call_guarded(use, owner) for use in methods)
        self._calls_guarded[id(function)] = answer
        return answer

    def _self_call_guarded(self, use: cst.Attribute, owner: cst.CSTNode) -> bool:
        """``self.name(...)`` inside ``owner`` (the method's class, not a class nested in it), under a
        CUDA test."""
        call = self.tree.parent(use)
        if not (isinstance(call, cst.Call) and call.func is use and m.matches(use.value, m.Name("self"))):
            return False
        home = next((a for a in self.tree.ancestors(use) if isinstance(a, cst.ClassDef)), None)
        return home is owner and self._guarded(call)

    def _attributes(self) -> dict[str, list[cst.Attribute]]:
        """Every ``x.name`` of the module, by the name (once per file)."""
        return self.tree.memo(_attributes_by_name, lambda: _attributes_by_name(self.tree))

    def _guards_branch(self, test: cst.If | cst.IfExp, below: cst.CSTNode) -> bool:
        """Does ``test``, which decides on CUDA, keep ``below`` (one of its branches) off a machine
        without a GPU? Not when that branch runs without one, is the opted-out or CPU branch of a plain
        switch, or sits under an option on by default."""
        return not (
            self._runs_without_gpu(test, below)
            or self._opted_out(test, below)
            or self._on_by_default(test, below)
            or self._cpu_branch(test, below)
        )

    def _asks_plainly(self, test: cst.BaseExpression, at: cst.CSTNode) -> bool:
        if isinstance(test, cst.Call):
            return self.aliases.qualify(test.func) == "torch.cuda.is_available"
        if not isinstance(test, cst.Name):
            return False
        function = next(
            (a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), self.tree.root
        )
        values = self._assigned_values(function).get(test.value, ())
        return bool(values) and all(isinstance(v, cst.Call) and self._asks_plainly(v, at) for v in values)

    def _assigned_values(self, function: cst.CSTNode) -> dict[str, list[cst.BaseExpression]]:
        """What ``name = value`` binds each name to under ``function`` (the module: everywhere), once per
        function: every test of a large script's branches asked this of each of its assignments."""

        def gather() -> dict[str, list[cst.BaseExpression]]:
            found: dict[str, list[cst.BaseExpression]] = {}
            for assign in self.tree.of_type(function, cst.Assign):
                target = assign.targets[0].target if len(assign.targets) == 1 else None
                if isinstance(target, cst.Name):
                    found.setdefault(target.value, []).append(assign.value)
            return found

        return self.tree.memo(("dev007 assigned values", id(function)), gather)

    def _names(self, text: str) -> list[cst.Name]:
        """Every ``Name`` node of the module spelled ``text`` that names a variable, in source order.
        The module's names are grouped by spelling once per file; the test of their parents is made
        only for the spellings asked about (a few hundred of a large module's tens of thousands)."""
        if self._names_by_text is None:
            self._names_by_text = {}
            names, positions = self.tree.of_class(cst.Name)  # source order, as of_type(root, cst.Name)
            for name, position in zip(names, positions):
                spelled = self._all_names.get(name.value)
                if spelled is None:
                    self._all_names[name.value] = ([name], [position])
                else:
                    spelled[0].append(name)
                    spelled[1].append(position)
        found = self._names_by_text.get(text)
        if found is None:
            found = self._names_by_text[text] = []
            kept: list[int] = []
            for name, position in zip(*self._all_names.get(text, ((), ()))):
                parent = self.tree.parent(name)
                if (isinstance(parent, cst.Attribute) and parent.attr is name) or (
                    isinstance(parent, cst.Arg) and parent.keyword is name
                ):
                    continue  # `model.train`, `f(use_gpu=True)`: not the variable
                found.append(name)
                kept.append(position)
            self._name_positions[text] = kept
        return found

    def _names_under(self, text: str, node: cst.CSTNode) -> list[cst.Name]:
        """The names of :meth:`_names` spelled ``text`` under ``node``, in source order: a slice found by
        bisection of their positions, where testing each of the module's names cost a step per name
        and per parameter asked about (a common name, ``device``, has thousands)."""
        names = self._names(text)
        extent = self.tree.extent(node)
        if extent is None:
            return []
        positions = self._name_positions[text]
        return names[bisect_right(positions, extent[0]) : bisect_left(positions, extent[1])]

    def _redundant_switch(self, node: cst.Assign) -> bool:
        """``use_gpu = True`` read only as the test of ``if use_gpu:`` blocks whose GPU code asks
        ``torch.cuda.is_available()`` itself, or that choose a device by asking it: the switch never
        sends code to a GPU on its own, so a machine without one runs as it did (the code is already
        portable)."""
        target = node.targets[0].target if len(node.targets) == 1 else None
        if not isinstance(target, cst.Name):
            return False
        reads = [n for n in self._names(target.value) if n is not target]
        if not reads:
            return False
        for name in reads:
            branch = self.tree.parent(name)
            if not (isinstance(branch, cst.If) and branch.test is name):
                return False
            # each block shows GPU code, all of it asking the machine, or asks the machine itself
            # (`if GPU: device = torch.device("cuda" if torch.cuda.is_available() else "cpu")`); a block
            # that does neither may call a helper the switch sends to the GPU
            sites = [n for n in self.tree.of_type(branch.body, SITE_KINDS) if any(True for _ in self._of(n))]
            if not sites and not self._corrections.asks(branch.body, branch):
                return False
            if not all(self._asks_between(n, branch) for n in sites):
                return False
        return True

    def _asks_between(self, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
        """Is ``node`` under an ``if`` (below ``outer``) whose test asks ``torch.cuda.is_available()``?"""
        for above in self.tree.ancestors(node):
            if above is outer:
                return False
            if isinstance(above, (cst.If, cst.IfExp)) and self._asks_availability(above.test):
                return True
        return False

    def _asserts_gpu(self, statement: cst.CSTNode) -> bool:
        """``assert torch.cuda.is_available(), "..."`` (alone or in an ``and``): what follows it in
        the block runs only with a GPU."""
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        return any(isinstance(s, cst.Assert) and self._requires_gpu(s.test) for s in statement.body)

    def _requires_gpu(self, test: cst.BaseExpression) -> bool:
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            return self._requires_gpu(test.left) or self._requires_gpu(test.right)
        return isinstance(test, cst.Call) and self.aliases.qualify(test.func) == "torch.cuda.is_available"

    def _first_exit(self, block: cst.IndentedBlock | cst.Module, gpu_only: bool) -> float:
        """Where the first statement of ``block`` that leaves it when there is no GPU is (``if not
        torch.cuda.is_available(): return``); infinity when none does. For a GPU-only statement
        (``gpu_only``: ``set_device``, ``synchronize``) ``assert torch.cuda.is_available()`` counts
        too: guarding it would add a branch that never runs. A placement after such an assert is still
        reported: the assert is the hard-coded requirement, and a portable placement lets it go. Once
        per block: asked for every site under it, a scan per site was quadratic in a long module."""
        key = (id(block), gpu_only)
        if key not in self._exits:
            self._exits[key] = next(
                (
                    i
                    for i, s in enumerate(block.body)
                    if (isinstance(s, cst.If) and m.matches(s, _EARLY_EXIT) and self._decides(s))
                    or (gpu_only and self._asserts_gpu(s))
                ),
                float("inf"),
            )
            if gpu_only and any(self._joins_nccl(s) for s in block.body):
                self._exits[key] = -1  # the whole block runs only with GPUs, before the join too
        return self._exits[key]

    def _joins_nccl(self, statement: cst.CSTNode) -> bool:
        """``dist.init_process_group("nccl", ...)`` (or ``backend="nccl"``) as a statement: NCCL runs
        only on GPUs, so a block that joins it does not run without one, and ``set_device`` or
        ``synchronize`` in it needs no guard of its own (a backend chosen at run time does not count)."""
        if not m.matches(statement, m.SimpleStatementLine(body=[m.Expr(m.Call())])):
            return False
        call = cst.ensure_type(cst.ensure_type(statement, cst.SimpleStatementLine).body[0], cst.Expr).value
        if not isinstance(call, cst.Call) or self.aliases.qualify(call.func) not in _PROCESS_GROUP_JOINS:
            return False
        given = kwarg(call, "backend") or next(iter(positional(call)), None)
        backend = given.value if given is not None else None
        return isinstance(backend, cst.SimpleString) and backend.evaluated_value == "nccl"

    def _position(self, block: cst.IndentedBlock | cst.Module, statement: cst.CSTNode) -> int:
        """The index of ``statement`` in ``block.body`` (all of them indexed at once per block)."""
        positions = self._positions.get(id(block))
        if positions is None:
            positions = self._positions[id(block)] = {id(s): i for i, s in enumerate(block.body)}
        return positions[id(statement)]

    def _decides(self, test: cst.If | cst.IfExp) -> bool:
        """Does the test decide whether CUDA runs: it mentions CUDA, a GPU or availability, compares
        a device with the CPU, or reads a name bound to the machine's answer (``available =
        torch.cuda.is_available()``)?"""
        if id(test) not in self._guards:
            self._guards[id(test)] = self._decides_on(test.test, test)
        return self._guards[id(test)]

    def _gpu_test(self, test: cst.BaseExpression, at: cst.CSTNode) -> bool:
        """A test true only when CUDA is to be used: the machine's answer (or a name bound to it), or
        a switch read as it is (``use_cuda``, ``args.cuda``; not ``not ...``, nor an off switch)."""
        if self._asks_plainly(test, at):
            return True
        key = (dotted_name(test) or "").rsplit(".", 1)[-1]
        return bool(key) and _GUARD.search(key) is not None and not _OFF_SWITCH.match(key)

    def _decides_on(self, expression: cst.BaseExpression, at: cst.CSTNode) -> bool:
        text = code_of(expression)
        return bool(_GUARD.search(text) or _CPU_TEST.search(text) or self._corrections.asks(expression, at))

    # -- calls

    def _call(self, call: cst.Call) -> Site | None:
        func = call.func
        qualified = self.aliases.qualify(func) or ""
        method = (
            func.attr.value
            if isinstance(func, cst.Attribute) and not qualified.startswith("torch.")
            else None
        )
        args = positional(call)
        if method == "cuda" and self._module_function(call):
            return None
        if method == "cuda":
            index = args[0] if args else kwarg(call, "device")
            if index is None:
                return self._placement(call, "`.cuda()`", lambda d: _moved_to(call, d))
            return self._cuda_index(call, index.value)
        if method == "to":
            target = args[0] if args else kwarg(call, "device")
            if target is not None and self._option_gpu(target.value):
                return self._option_site(call, target, f"`.to({code_of(target.value)})`")
            return self._named_device(call, target, f"`.to({code_of(target.value)})`") if target else None
        if method == "add_argument":
            return self._device_option(call)
        location = kwarg(call, "map_location")
        if location is not None and qualified == "torch.load":
            spelled = f"`map_location={code_of(location.value)}`"
            if self._loads_to_gpu(location.value):
                return self._placement(call, spelled, lambda d: with_arg_value(call, location, d))
            if self._loads_to_pinned_gpu(location.value):
                return Site(call, f"{spelled} loads onto an explicit GPU; choose the device in one place")
            named = self._named_device(call, location, spelled)
            if named is not None and named.fix is None:
                # `map_location="cuda:1"`, `map_location="cuda:{}".format(gpu)`: which GPU stays the
                # program's choice; without one, the checkpoint loads onto the CPU instead of failing.
                value = location.value
                return replace(
                    named,
                    fix=lambda p, _: with_arg_value(
                        call,
                        location,
                        cst.IfExp(test=p.available(), body=value, orelse=cst.SimpleString('"cpu"')),
                    ),
                    advice="load onto the CPU when there is no GPU",
                )
            return named
        device = kwarg(call, "device")
        if device is not None:
            return self._named_device(call, device, f"`device={code_of(device.value)}`")
        prefix, _, kind = qualified.rpartition(".")
        if prefix == "torch.cuda" and kind in LEGACY_TENSOR_DTYPES:
            return self._legacy_constructor(call, kind)
        if qualified in _GPU_ONLY_STATEMENTS:
            return self._gpu_only(call, qualified)
        if qualified == "torch.set_default_tensor_type" and positional(call):
            return self._default_type(call, positional(call)[0].value)
        return None

    def _device_option(self, call: cst.Call) -> Site | None:
        """``parser.add_argument("--device", default="cuda")``: the program runs on the GPU unless told
        otherwise, without asking the machine; the default asks it (keeping the GPU it names). Left
        alone in a file that asks ``torch.cuda.is_available()`` anywhere: it may correct the option
        where it reads it (``torch.device(args.device if torch.cuda.is_available() else "cpu")``)."""
        default = kwarg(call, "default")
        dest = _option_dest(call)
        if default is None or dest is None:
            return None
        value = default.value
        # `--gpu default="cuda:0"`: a GPU named by its index is a device whatever the option is called
        indexed = is_indexed_cuda(value, self.aliases)
        if not (indexed or (is_cuda(value, self.aliases) and DEVICE_NAME.search(dest))):
            return None
        if self.tree.memo(_asks_anywhere, lambda: _asks_anywhere(self.tree, self.aliases)):
            return None
        option = code_of(positional(call)[0].value) if positional(call) else dest
        return self._choice(call, f"`{option}` defaulting to {code_of(value)} fails without a GPU", value)

    def _default_type(self, call: cst.Call, kind: cst.BaseExpression) -> Site | None:
        """``torch.set_default_tensor_type(torch.cuda.FloatTensor)``: every tensor made afterwards is a
        CUDA one; the type falls back to the CPU's. Named by a string (``"torch.cuda.FloatTensor"``):
        reported only, as strings naming types are everywhere else."""
        if isinstance(kind, cst.SimpleString):
            named = kind.evaluated_value
            if isinstance(named, str) and named.startswith("torch.cuda."):
                return Site(call, f"`torch.set_default_tensor_type({code_of(kind)})` fails without a GPU")
            return None
        return self._legacy_type(kind)

    def _placement(
        self, call: cst.Call, spelled: str, build: Callable[[cst.BaseExpression], cst.CSTNode]
    ) -> Site:
        """A call that puts something on the GPU: ``build(device)`` puts it on the portable device."""
        message = f"{spelled} fails without a GPU; use a portable `device`"
        return Site(call, message, lambda _, d: build(d), uses_device=True, places=True)

    def _named_device(self, call: cst.Call, arg: cst.Arg, spelled: str) -> Site | None:
        """``.to("cuda")``, ``device="cuda"``: the device argument becomes the portable device."""
        gpu_zero = device_string(arg.value, self.aliases) == "cuda:0" and self._only_gpu_zero()
        if is_indexed_cuda(arg.value, self.aliases) and not gpu_zero:
            # `.to("cuda:1")`: the GPU it names where there is one (unsafe: not a placement that
            # only raised), the CPU where there is none. A tensor a `torch` call makes right there is
            # left to DEV010, which creates it on that device (then this wraps its `device=`); a layer is not.
            receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
            made = self.aliases.qualify(receiver.func) if isinstance(receiver, cst.Call) else None
            if made is not None and made.startswith("torch.") and made.count(".") == 1:
                return Site(call, "an explicit GPU index; choose the device in one place")
            if len(self.tree.memo(_named_gpus, lambda: _named_gpus(self.tree))) > 1:
                # Two GPUs named by hand: a model split across them (a pipeline), correct as it is.
                return Site(call, "an explicit GPU index; choose the device in one place")
            value = arg.value
            return Site(
                call,
                "an explicit GPU index; choose the device in one place",
                lambda p, _: with_arg_value(
                    call, arg, cst.IfExp(test=p.available(), body=value, orelse=cst.SimpleString('"cpu"'))
                ),
                "that GPU where there is one, else the CPU",
            )
        if _built_cuda_text(arg.value) and not self._cpu_path():
            chosen = _built_cuda_index(arg.value)
            if chosen is not None and self._option_gpu(chosen):
                return self._option_text(call, arg, spelled, chosen)
            # `map_location="cuda:{}".format(args.gpu)`: a GPU whose index the program computes is a
            # placement as a literal index is (reported only), and, as `.cuda(device_id)`, the choice of
            # a CPU path where the file asks `torch.cuda.is_available()` somewhere.
            return Site(
                call, f"{spelled} fails without a GPU: an explicit GPU index; choose the device in one place"
            )
        if is_cuda(arg.value, self.aliases) or gpu_zero:
            return self._placement(call, spelled, lambda d: with_arg_value(call, arg, d))
        return None

    def _option_text(self, call: cst.Call, arg: cst.Arg, spelled: str, option: cst.BaseExpression) -> Site:
        """``.to("cuda:{}".format(args.gpu))``, ``device=f"cuda:{args.gpu}"``: the GPU the option
        chooses, spelled as text (exactly ``cuda:`` and the index): the GPU ``.cuda(args.gpu)`` names.
        A move gets that fix; a factory's ``device=`` goes to the option's one ``device``, or keeps
        its text where there is a GPU and takes the CPU where there is none."""
        moves = isinstance(call.func, cst.Attribute) and call.func.attr.value == "to"
        if moves and positional(call) and positional(call)[0] is arg:
            return self._option_site(call, arg, spelled, option)
        value = arg.value
        return Site(
            call,
            f"{spelled} fails without a GPU",
            lambda p, _: with_arg_value(
                call, arg, cst.IfExp(test=p.available(), body=value, orelse=cst.SimpleString('"cpu"'))
            ),
            "the GPU the option chooses where there is one, else the CPU",
            option=self._option_device(call, option, lambda d: with_arg_value(call, arg, d)),
        )

    def _only_gpu_zero(self) -> bool:
        """Is GPU 0 the only GPU the file names, and the current one wherever it runs: no other index
        (``"cuda:1"``, ``.cuda(1)``, ``device_ids=``), no ``torch.cuda.set_device`` or ``with
        torch.cuda.device(...)``? Then ``"cuda:0"`` is the GPU ``.cuda()`` uses, the portable device's.
        What switches the current GPU counts wherever it is named, called or not (``dev =
        torch.cuda.device``), and so does ``torch.cuda`` handed on (``getattr(torch.cuda, name)``); in
        project mode, also in a project file this one imports (``helper.use_second_gpu()``)."""
        if self._gpu_zero is None:
            self._gpu_zero = True
            kinds = (cst.SimpleString, cst.Call, cst.Attribute, cst.Name)
            for node in self.tree.of_type(self.tree.root, kinds):
                if isinstance(node, cst.SimpleString):
                    if re.search(r"cuda:[1-9]", node.value):
                        self._gpu_zero = False
                        break
                    continue
                if isinstance(node, (cst.Attribute, cst.Name)):
                    if self._switches_current_gpu(node):
                        self._gpu_zero = False
                        break
                    continue
                method = node.func.attr.value if isinstance(node.func, cst.Attribute) else ""
                first = positional(node)[0].value if positional(node) else None
                if kwarg(node, "device_ids") is not None or (
                    method == "cuda" and first is not None and not m.matches(first, m.Integer("0"))
                ):
                    self._gpu_zero = False
                    break
        return self._gpu_zero

    def _switches_current_gpu(self, node: cst.Attribute | cst.Name) -> bool:
        """Does ``node`` name what switches the current GPU (``torch.cuda.set_device``, the context
        managers ``torch.cuda.device``, ``device_of`` and ``stream``, ``torch.accelerator``'s), under
        any name an import gives it (``from torch.cuda import set_device as pick``), or ``torch.cuda``
        itself where code reaches its attributes by strings or hands it on (``getattr(torch.cuda,
        "set_device")``, ``torch.cuda.__dict__``)? A method's name (``x.cuda``) is no module path."""
        parent = self.tree.parent(node)
        if isinstance(node, cst.Name):
            if isinstance(parent, cst.Attribute) and parent.attr is node:
                return False  # `model.cuda`: read with its object, as an Attribute
            imported = self.aliases.names.get(node.value)
            if node.value not in _SWITCHING_LAST_NAMES and not (imported or "").startswith("torch"):
                return False
            if imported is None and node.value != "cuda" and self._stars_of_switching_modules():
                return True  # `from torch.cuda import *`, then `set_device(1)`
        elif node.attr.value not in _SWITCHING_LAST_NAMES and not node.attr.value.startswith("__"):
            return False
        qualified = self.aliases.qualify(node)
        if qualified in SWITCHES_CURRENT_GPU:
            return True
        if qualified is not None and qualified.startswith("torch.cuda.__"):
            return True  # `torch.cuda.__dict__["set_device"]`, `torch.cuda.__getattribute__(...)`
        handed_on = not (isinstance(parent, cst.Attribute) and parent.value is node) and not isinstance(
            parent, (cst.ImportAlias, cst.ImportFrom, cst.Import, cst.AsName)
        )
        return (qualified == "torch.cuda" and handed_on) or self._cuda_reached_by_string(node, qualified)

    def _stars_of_switching_modules(self) -> bool:
        """Does the file star-import a module whose names switch the current GPU (``from torch.cuda
        import *``)? Its names are then read under their own spelling, which no import shows."""
        return self.tree.memo(
            "dev007.stars_of_switching_modules",
            lambda: any(
                isinstance(i.names, cst.ImportStar)
                and i.module is not None
                and dotted_name(i.module) in ("torch.cuda", "torch.accelerator", "torch._C")
                for i in self.tree.of_type(self.tree.root, cst.ImportFrom)
            ),
        )

    def _cuda_reached_by_string(self, node: cst.Attribute | cst.Name, qualified: str | None) -> bool:
        """``getattr(torch, "cuda")`` or ``getattr(torch, name)``: ``torch.cuda`` by a string."""
        if qualified != "torch":
            return False
        arg = self.tree.parent(node)
        call = self.tree.parent(arg) if isinstance(arg, cst.Arg) else None
        if not (isinstance(call, cst.Call) and dotted_name(call.func) == "getattr" and call.args[0] is arg):
            return False
        key = call.args[1].value if len(call.args) > 1 else None
        return not (isinstance(key, cst.SimpleString) and key.evaluated_value != "cuda")

    def _loads_to_gpu(self, location: cst.BaseExpression) -> bool:
        """``map_location="cuda:0"`` (the GPU a one-GPU machine has) or ``lambda storage, loc:
        storage.cuda()``: loads onto the GPU the portable device is when there is one."""
        if isinstance(location, cst.Lambda):
            calls = self.tree.of_type(location, cst.Call)
            if any(m.matches(c, m.Call(m.Attribute(attr=m.Name("cuda")), args=[])) for c in calls):
                return True
            # `storage.cuda(0)`: GPU 0, the current one where the file names no other and never sets it
            zero = m.Call(m.Attribute(attr=m.Name("cuda")), args=[m.Arg(m.Integer("0"), keyword=None)])
            return any(m.matches(c, zero) for c in calls) and self._only_gpu_zero()
        return device_string(location, self.aliases) == "cuda:0"

    def _module_function(self, call: cst.Call) -> bool:
        """``utils.cuda(model)``, ``ut.cuda([x, y])``: a function a project module names ``cuda`` (such
        helpers move what they are given when there is a GPU), not the method ``.cuda(gpu_index)``: the
        receiver is a name bound by an import and the argument cannot be a GPU index."""
        receiver = cst.ensure_type(call.func, cst.Attribute).value
        if not isinstance(receiver, cst.Name) or receiver.value not in self._imported_names():
            return False
        args = positional(call)
        return bool(args) and _what_is_moved(args[0].value)

    def _imported_names(self) -> frozenset[str]:
        """Every name an import statement binds, relative imports (``from . import utils``) included."""
        return self.tree.memo(_imported_names, lambda: _imported_names(self.tree, self.aliases))

    def _option_site(
        self, call: cst.Call, index: cst.Arg, spelled: str, option: cst.BaseExpression | None = None
    ) -> Site:
        """``.cuda(args.gpu)``, ``.to(args.gpu)`` (``index``: the argument naming the GPU; ``option``:
        the option where the argument spells it in a text, ``"cuda:{}".format(args.gpu)``): onto the
        GPU the option chooses where there is one, else the CPU."""
        gpu = index.value if option is None else option
        chosen = cst.parse_expression(f'f"cuda:{{{code_of(gpu)}}}"')
        to = call.with_changes(
            func=cst.ensure_type(call.func, cst.Attribute).with_changes(attr=cst.Name("to"))
        )

        def fix(p: PortableDevice, _: cst.BaseExpression) -> Replacement:
            device = cst.IfExp(test=p.available(), body=chosen, orelse=cst.SimpleString('"cpu"'))
            return with_arg_value(to, index, device)  # `.to(device=...)` keeps the keyword `.cuda` took

        def move(device: cst.BaseExpression) -> Replacement:
            return with_arg_value(to, index, device)

        return Site(
            call,
            f"{spelled} fails without a GPU",
            fix,
            f'`.to(f"cuda:{{{code_of(gpu)}}}" if ... else "cpu")` keeps the GPU the option chooses',
            option=self._option_device(call, gpu, move),
        )

    def _option_device(
        self, call: cst.Call, index: cst.BaseExpression, move: Callable[[cst.BaseExpression], Replacement]
    ) -> OptionDevice | None:
        """Where the option's GPU can be one module-level ``device``: the option ``R.gpu`` read from
        a name ``R`` bound once, at the module's top level, and never assigned to (so the device
        computed right after ``R`` is bound is the GPU every later read of ``R.gpu`` sees); the name
        ``device`` bound nowhere else in the file; ``call`` in a function (it runs after the option is
        read, as its ``R.gpu`` would fail before) or in module-level code below that place."""
        counts = binding_counts(self.tree)
        if isinstance(index, cst.Name):  # `GPU = args.gpu`, bound once at the top level (_option_gpu)
            binding = bindings_in(self.tree, self.tree.root, index.value)[0]
            index = cst.ensure_type(self.tree.parent(binding), cst.Assign).value
        if not (isinstance(index, cst.Attribute) and isinstance(index.value, cst.Name)):
            return None
        root, option = index.value.value, index.attr.value
        # Right below `args = ...`: code that reads the option (or a name bound to it later) runs
        # after that statement, so after the definition too.
        anchor = self._top_assignment(root)
        if anchor is None or counts.get(root) != 1 or self._option_written(root, option):
            return None
        spelled = f"{root}.{option}"
        module = cst.ensure_type(self.tree.root, cst.Module)
        at = module.body.index(anchor)
        defined = False
        if counts.get("device"):
            below = module.body[at + 1] if at + 1 < len(module.body) else None
            torch = self.aliases.module_name_for("torch")
            defined = (
                counts["device"] == 1
                and torch is not None
                and isinstance(below, cst.SimpleStatementLine)
                and code_of(below).strip() == option_definition(torch, spelled)
            )
            if not defined:
                return None
        # (`root` and `device` are bound once in the whole file: no scope shadows them)
        above = [call, *self.tree.ancestors(call)]
        if not any(isinstance(a, (cst.FunctionDef, cst.Lambda)) for a in above):
            top = above[-2]  # the module-level statement around the call
            if module.body.index(top) <= at + defined:
                return None
        return OptionDevice(call, anchor, spelled, defined, move)

    def _top_assignment(self, name: str) -> cst.SimpleStatementLine | None:
        """The module-level statement ``name = ...`` (its one binding), or None."""
        bindings = bindings_in(self.tree, self.tree.root, name)
        if len(bindings) != 1 or not isinstance(self.tree.parent(bindings[0]), cst.Assign):
            return None
        statement = self.tree.parent(self.tree.parent(bindings[0]))
        if isinstance(statement, cst.SimpleStatementLine) and self.tree.parent(statement) is self.tree.root:
            return statement
        return None

    def _option_written(self, root: str, option: str) -> bool:
        """Does the file change the option after it is read (``args.gpu = -1``, ``setattr(args, ...)``,
        ``vars(args)[...]``)? Then a device computed once may not be the GPU a later move reads."""
        if (root, option) not in self._written:
            self._written[root, option] = self._writes_option(root, option)
        return self._written[root, option]

    def _writes_option(self, root: str, option: str) -> bool:
        target = m.Attribute(m.Name(root), m.Name(option))
        for node in self.tree.of_type(self.tree.root, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
            if m.matches(node.target, target):
                return True
        return (
            re.search(
                rf"\b(setattr|vars)\(\s*{re.escape(root)}\b|\b{re.escape(root)}\.__dict__",
                self._text(),
            )
            is not None
        )

    def _option_gpu(self, index: cst.BaseExpression) -> bool:
        """``args.gpu`` (or ``GPU`` bound once, at the top level, to it): the index of the one GPU the
        program runs on, an ``int`` command-line option (``type=int``) named for a GPU, in a file that
        sets up no distributed or multi-GPU run (where an index is a placement, DEV006). The file's
        words are read first where its text is at hand (one search, which also spares the look-ups of a
        name's bindings at every index of a multi-GPU file), else last: generating the text is costly."""
        if self._source is not None and self._multi_gpu():
            return False
        if isinstance(index, cst.Name):
            # The count first: a name bound many times (a loop's `i`) is no option, and its bindings
            # would be looked up at every index that names it.
            if binding_counts(self.tree).get(index.value) != 1:
                return False
            bindings = bindings_in(self.tree, self.tree.root, index.value)
            assign = self.tree.parent(bindings[0]) if len(bindings) == 1 else None
            if not (
                isinstance(assign, cst.Assign)
                and isinstance(self.tree.parent(self.tree.parent(assign)), cst.Module)
            ):
                return False
            index = assign.value
        if not (isinstance(index, cst.Attribute) and _GPU_OPTION.fullmatch(index.attr.value)):
            return False
        if self._multi_gpu():
            return False
        if self._options is None:
            self._options = CliOptions.of(self.tree)
        return self._options.is_integer(index)

    def _multi_gpu(self) -> bool:
        if self._distributed is None:
            self._distributed = _MULTI_GPU.search(self._text()) is not None
        return self._distributed

    def _loads_to_pinned_gpu(self, location: cst.BaseExpression) -> bool:
        """``lambda storage, loc: storage.cuda(device_id)``: onto a GPU the lambda names (reported; an
        index other than the current GPU's is a placement)."""
        if not isinstance(location, cst.Lambda):
            return False
        calls = self.tree.of_type(location, cst.Call)
        return any(m.matches(c, m.Call(m.Attribute(attr=m.Name("cuda")))) for c in calls)

    def _cuda_index(self, call: cst.Call, index: cst.BaseExpression) -> Site | None:
        """``.cuda(1)``, ``.cuda(x.device)``, ``.cuda(device_id)``."""
        if m.matches(index, m.Integer("0")) and positional(call) and self._only_gpu_zero():
            return self._placement(call, f"`.cuda({code_of(index)})`", lambda d: _moved_to(call, d))
        if isinstance(index, (cst.Integer, cst.SimpleString)):
            return self._pinned(call, index)
        device = self._is_device(index, call)
        if not device and self._cpu_path():
            return None
        if not (device or DEVICE_NAME.search((dotted_name(index) or "").rsplit(".", 1)[-1])):
            return self._pinned(call, index)
        renamed = call.with_changes(func=call.func.with_changes(attr=cst.Name("to")))
        return Site(
            call,
            f"`.cuda({code_of(index)})` fails when `{code_of(index)}` is the CPU",
            lambda _, __: renamed,
            f"`.to({code_of(index)})` goes wherever it is",
        )

    def _pinned(self, call: cst.Call, index: cst.BaseExpression) -> Site:
        """``.cuda(1)``: reported; on a tensor fed right there to a layer (``page(ids.cuda(gpu))``), the
        tensor goes where that layer is; with the one GPU a command-line option chooses
        (``.cuda(args.gpu)``), that GPU when there is one, else the CPU."""
        if self._option_gpu(index) and len(positional(call)) <= 1:
            return self._option_site(
                call, next(a for a in call.args if a.value is index), f"`.cuda({code_of(index)})`"
            )
        layer = fed_module(self.tree, self.aliases, call)
        if layer is None:
            return Site(
                call, f"`.cuda({code_of(index)})` pins an explicit GPU; choose the device in one place"
            )
        device = cst.parse_expression(f"next({code_of(layer)}.parameters()).device")
        arg = next(a for a in call.args if a.value is index)
        moved = with_arg_value(call, arg, device)  # `.to(device=...)` takes the keyword `.cuda` took
        moved = moved.with_changes(func=call.func.with_changes(attr=cst.Name("to")))
        return Site(
            call,
            f"`.cuda({code_of(index)})` pins an explicit GPU; the tensor is fed to `{code_of(layer)}`",
            lambda _, __: moved,
            f"`.to(next({code_of(layer)}.parameters()).device)` goes where that "
            "layer is, the CPU included (this assumes it has parameters)",
        )

    def _is_device(self, value: cst.BaseExpression, at: cst.CSTNode) -> bool:
        """``x.device``, or a name that every assignment where it is read binds to a device value."""
        if m.matches(value, _NAMED_DEVICE):
            return True
        values = self._values_of(value.value, at) if isinstance(value, cst.Name) else []
        return bool(values) and all(
            m.matches(v, _NAMED_DEVICE) or looks_like_device(v, self.aliases) for v in values
        )

    def _values_of(self, name: str, at: cst.CSTNode) -> list[cst.BaseExpression]:
        """What ``name = ...`` assigns in the function around ``at``, else at the module's top level;
        nothing when it is the function's parameter (whatever the caller passes)."""
        assigned = m.Assign(targets=[m.AssignTarget(m.Name(name))])
        function = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), None)
        if function is not None:
            values = [a.value for a in self.tree.of_type(function, cst.Assign) if m.matches(a, assigned)]
            params = function.params
            if values or name in {p.name.value for p in (*params.params, *params.kwonly_params)}:
                return values
        return self.tree.memo(_values_of_at_top, lambda: _values_of_at_top(self.tree)).get(name, [])

    def _cpu_path(self) -> bool:
        """Does the file branch on ``torch.cuda.is_available()`` (an ``if`` statement)? Not counting
        the expressions and the ``if`` around ``torch.cuda.set_device`` that this rule's own fixes
        write: the answer must not change once a fix is applied."""
        if self._has_cpu_path is None:
            self._has_cpu_path = any(
                self._asks_availability(branch.test) and not m.matches(branch, _WRITTEN_GUARD)
                for branch in self.tree.of_type(self.tree.root, cst.If)
            )
        return self._has_cpu_path

    def _asks_availability(self, test: cst.BaseExpression) -> bool:
        return any(
            self.aliases.qualify(c.func) == "torch.cuda.is_available"
            for c in self.tree.of_type(test, cst.Call)
        )

    def _legacy_constructor(self, call: cst.Call, kind: str) -> Site:
        message = f"`torch.cuda.{kind}` fails without a GPU"
        rewrite = legacy_rewrite(self.tree, call, self.aliases)
        if rewrite is None:
            return Site(call, message + "; cannot tell data from a size here, so not rewritten")
        return Site(
            call,
            message + "; use a portable `device`",
            lambda _, d: legacy_rewritten(self.tree, call, self.aliases, d),
            target=rewrite[0],
            uses_device=True,
        )

    def _gpu_only(self, call: cst.Call, qualified: str) -> Site:
        """``torch.cuda.set_device(i)`` on a line of its own: under ``if torch.cuda.is_available():``."""
        message = f"`{code_of(call.func)}({'...' if call.args else ''})` fails without a GPU"
        expression = self.tree.parent(call)
        statement = self.tree.parent(expression) if isinstance(expression, cst.Expr) else None
        if statement is None or not m.matches(statement, m.SimpleStatementLine(body=[m.Expr()])):
            return Site(call, message)
        line = cst.ensure_type(statement, cst.SimpleStatementLine)  # as matched
        return Site(call, message, lambda p, _: p.only_with_gpu(line), "call it only when there is one", line)

    def _type_arguments(self, call: cst.Call) -> Iterator[Site]:
        """``x.type(torch.cuda.FloatTensor)``: reported. DEV009 (legacy tensor API) rewrites it to
        ``x.to("cuda", torch.float32)`` where ``x`` is a tensor, and that ``.to("cuda")`` is a site
        with a fix; a second fix of the same call here would race with it."""
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "type" and positional(call):
            kind = _legacy_kind(positional(call)[0].value, self.aliases)
            if kind is not None:
                yield Site(
                    call,
                    f"`.type(torch.cuda.{kind})` fails without a GPU; DEV009 turns it into"
                    ' `.to("cuda", dtype)`, which this rule then makes portable',
                )

    def _legacy_type(self, node: cst.BaseExpression) -> Site | None:
        kind = _legacy_kind(node, self.aliases)
        if kind is None:
            return None
        return Site(
            node,
            f"`torch.cuda.{kind}` fails without a GPU",
            lambda p, _: p.cpu_fallback(node, kind),
            "fall back to the CPU type",
        )

    # -- a device chosen once

    def _assignment(
        self, node: cst.Assign | cst.AnnAssign, spelled: str | None, value: cst.BaseExpression
    ) -> Site | None:
        """``device = torch.device("cuda")``, ``self.device = "cuda:0"``, ``device: str = "cuda"``,
        ``dtype = torch.cuda.FloatTensor``: ``spelled = value``."""
        if spelled is None:
            return None
        if DEVICE_NAME.search(spelled.rsplit(".", 1)[-1]) and self._computed_gpu(value):
            return Site(
                node,
                f"`{spelled} = {code_of(value)}` fails without a GPU",
                lambda p, _: cst.IfExp(
                    test=p.available(), body=value, orelse=cst.parse_expression(f'{p.torch}.device("cpu")')
                ),
                "choose CUDA only when it is available",
                value,
            )
        if not (is_cuda(value, self.aliases) or is_indexed_cuda(value, self.aliases)):
            return self._legacy_type(value)
        if self._module_positions is None:
            self._module_positions = device_positions(self.tree, self.tree.root, self.aliases)
        device_named = DEVICE_NAME.search(spelled.rsplit(".", 1)[-1])
        if isinstance(value, cst.Call) or device_named or spelled in self._module_positions:
            return self._choice(node, f"`{spelled} = {code_of(value)}` fails without a GPU", value)
        return None

    def _computed_gpu(self, value: cst.BaseExpression) -> bool:
        """``torch.device(f"cuda:{args.gpu}")`` (or ``"cuda:{}".format(...)``, ``"cuda:%d" % ...``,
        ``"cuda:" + str(...)``), ``torch.device("cuda", local_rank)``: a GPU whose index the program
        computes, chosen without asking whether there is one."""
        if not (isinstance(value, cst.Call) and self.aliases.qualify(value.func) == "torch.device"):
            return False
        args = positional(value)
        if not args:
            return False
        first = args[0].value
        if len(args) == 1 and _built_cuda_text(first):
            return True
        return len(args) == 2 and is_cuda(first, self.aliases)

    def _parameter(self, param: cst.Param) -> Site | None:
        """``def evaluate(model, device="cuda")``, ``def define_G(..., gpu_id="cuda:0")``."""
        default, name = param.default, param.name.value
        if default is None or not (is_cuda(default, self.aliases) or is_indexed_cuda(default, self.aliases)):
            return None
        function = next(a for a in self.tree.ancestors(param) if isinstance(a, (cst.FunctionDef, cst.Lambda)))
        # `gpu_id="cuda:0"`: a GPU named by its index is a device whatever the parameter is called
        indexed = isinstance(default, cst.SimpleString) and is_indexed_cuda(default, self.aliases)
        if indexed or DEVICE_NAME.search(name) or name in device_positions(self.tree, function, self.aliases):
            return self._choice(param, f"`{name}={code_of(default)}` defaults to a GPU", default)
        return None

    def _choice(self, node: cst.CSTNode, message: str, value: cst.BaseExpression) -> Site:
        return Site(
            node,
            message,
            lambda p, _: p.choice(value, self.aliases),
            "choose CUDA only when it is available",
            value,
        )


def _built_cuda_text(text: cst.BaseExpression) -> bool:
    """A device string the program builds from a literal that starts with ``cuda``: ``f"cuda:{i}"``,
    ``"cuda:{}".format(i)``, ``"cuda:%d" % i``, ``"cuda:" + str(i)``."""
    if isinstance(text, cst.FormattedString):
        head = text.parts[0] if text.parts else None
        return isinstance(head, cst.FormattedStringText) and head.value.startswith("cuda")
    literal: cst.BaseExpression | None = None
    if isinstance(text, cst.Call) and m.matches(text.func, m.Attribute(attr=m.Name("format"))):
        assert isinstance(text.func, cst.Attribute)
        literal = text.func.value
    elif isinstance(text, cst.BinaryOperation) and isinstance(text.operator, (cst.Modulo, cst.Add)):
        literal = text.left
    if not isinstance(literal, cst.SimpleString):
        return False
    value = literal.evaluated_value
    return isinstance(value, str) and value.startswith("cuda:")


def _built_cuda_index(text: cst.BaseExpression) -> cst.BaseExpression | None:
    """The one value a built ``cuda:`` text interpolates (``args.gpu`` in ``f"cuda:{args.gpu}"``,
    ``"cuda:{}".format(args.gpu)``, ``"cuda:%d" % args.gpu``, ``"cuda:" + str(args.gpu)``), where the
    text is exactly ``cuda:`` and that value; None otherwise."""
    if isinstance(text, cst.FormattedString):
        match text.parts:
            case [cst.FormattedStringText(value="cuda:"), cst.FormattedStringExpression() as part]:
                plain = part.conversion is None and part.format_spec is None
                return part.expression if plain else None
        return None
    spec, index = "", None
    if isinstance(text, cst.Call) and m.matches(text.func, m.Attribute(attr=m.Name("format"))):
        literal = cst.ensure_type(text.func, cst.Attribute).value
        if len(text.args) == 1 and not text.args[0].keyword and not text.args[0].star:
            spec, index = "cuda:{}", text.args[0].value
    elif isinstance(text, cst.BinaryOperation) and isinstance(text.operator, cst.Modulo):
        literal, spec, index = text.left, "cuda:%d", text.right
    elif m.matches(
        text,
        m.BinaryOperation(
            operator=m.Add(), right=m.Call(func=m.Name("str"), args=[m.Arg(keyword=None, star="")])
        ),
    ):
        operation = cst.ensure_type(text, cst.BinaryOperation)
        literal, spec = operation.left, "cuda:"
        index = cst.ensure_type(operation.right, cst.Call).args[0].value
    else:
        return None
    if not (isinstance(literal, cst.SimpleString) and literal.evaluated_value == spec):
        return None
    return index


def _named_gpus(tree: Tree) -> frozenset[str]:
    """The GPU indices the file names by hand: ``"cuda:1"`` texts and ``.cuda(1)`` calls."""
    named: set[str] = set()
    for node in tree.of_type(tree.root, (cst.SimpleString, cst.Call)):
        if isinstance(node, cst.SimpleString):
            if "cuda:" in node.value:
                named.update(re.findall(r"cuda:(\d+)", node.value))
        # (isinstance tests, not a matcher: this runs on every call of the module)
        elif (
            isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "cuda"
            and len(node.args) == 1
            and isinstance(argument := node.args[0].value, cst.Integer)
        ):
            named.add(argument.value)
    return frozenset(named)


def _asks_anywhere(tree: Tree, aliases: ImportAliases) -> bool:
    """Does the file call ``torch.cuda.is_available()`` anywhere?"""
    return any(
        aliases.qualify(c.func) == "torch.cuda.is_available" for c in tree.of_type(tree.root, cst.Call)
    )


def _option_dest(call: cst.Call) -> str | None:
    """Where ``parser.add_argument("--use-cuda", ...)`` keeps its value: ``use_cuda`` (or its ``dest=``)."""
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_argument"):
        return None
    dest = kwarg(call, "dest")
    if dest is not None:
        name = dest.value.evaluated_value if isinstance(dest.value, cst.SimpleString) else None
        return name if isinstance(name, str) else None
    options = [a.value for a in positional(call) if isinstance(a.value, cst.SimpleString)]
    spelled = [str(o.evaluated_value) for o in options]
    long = [o for o in spelled if o.startswith("--")] or [o for o in spelled if o.startswith("-")]
    return long[0].lstrip("-").replace("-", "_") if long else None


_ON_GPU = re.compile(r"cuda|gpu", re.IGNORECASE)


def _switch_sense(node: cst.BaseExpression) -> bool:
    """A switch read as it is: its last name says CUDA or a GPU (``args.cuda``, ``use_gpu``), is no
    off switch (``no_cuda``) and counts nothing (``n_gpu``, ``gpu_count``)."""
    key = (dotted_name(node) or "").rsplit(".", 1)[-1]
    if not key or _OFF_SWITCH.match(key) or not _ON_GPU.search(key):
        return False
    return not re.search(r"count|^n_?gpu|num|ngpu", key, re.IGNORECASE)


def _gpu_sense(test: cst.BaseExpression) -> bool | None:
    """True when ``test`` holds exactly where a switch says to use the GPU (``args.cuda``, ``use_gpu``,
    ``args.gpu is not None``, ``device != "cpu"``, ``device.type == "cuda"``), False where it says the
    CPU (``not args.cuda``, ``args.gpu is None``, ``args.gpu < 0``, ``device == "cpu"``); None when the
    test is anything else (an off switch, an ``and``, a count compared, an availability test)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _gpu_sense(test.expression)
        return None if inner is None else not inner
    if isinstance(test, (cst.Name, cst.Attribute)):
        return True if _switch_sense(test) else None
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    target = test.comparisons[0]
    left, right, operator = test.left, target.comparator, target.operator
    if isinstance(left, cst.SimpleString):
        left, right = right, left
    if isinstance(right, cst.SimpleString) and isinstance(operator, (cst.Equal, cst.NotEqual)):
        named = right.evaluated_value
        if named not in ("cpu", "cuda", "gpu"):
            return None
        return (named != "cpu") == isinstance(operator, cst.Equal)
    if not _switch_sense(left):
        return None
    if m.matches(right, m.Name("None")) and isinstance(operator, (cst.Is, cst.IsNot)):
        return isinstance(operator, cst.IsNot)
    if m.matches(right, m.Integer("0")) and isinstance(operator, (cst.GreaterThanEqual, cst.LessThan)):
        return isinstance(operator, cst.GreaterThanEqual)  # `args.gpu >= 0`: -1 is the CPU
    return None


def _read_option(test: cst.BaseExpression) -> tuple[str, str] | None:
    """The name and the key a test reads as they are: ``("args", "cuda")`` for ``args.cuda`` and
    ``args["cuda"]``; None for anything else (a bare name, ``self.args.cuda``, a ``not``)."""
    if isinstance(test, cst.Attribute) and isinstance(test.value, cst.Name):
        return test.value.value, test.attr.value
    if isinstance(test, cst.Subscript) and isinstance(test.value, cst.Name) and len(test.slice) == 1:
        index = test.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            key = index.value.evaluated_value
            return (test.value.value, key) if isinstance(key, str) else None
    return None


def _parsed_names(tree: Tree) -> frozenset[str]:
    module = tree.root
    assert isinstance(module, cst.Module)
    names = set()
    for line in module.body:
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            assign = line.body[0]
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
                continue
            target, value = assign.targets[0].target, assign.value
            if m.matches(value, m.Call(m.Name("vars"), args=[m.Arg()])):
                value = cst.ensure_type(value, cst.Call).args[0].value  # as matched
            parsed = m.Attribute(attr=m.Name("parse_args") | m.Name("parse_known_args"))
            parses = m.matches(value, m.Call(parsed))
            if isinstance(target, cst.Name) and parses:
                names.add(target.value)
    return frozenset(names)


# The last word of an argument that may hold a GPU index or device (`args.gpu`, `local_rank`, `ids[0]`).
_INDEX_WORD = re.compile(r"gpu|rank|dev|cuda|id|idx|index|num|local|card|^[ijkn]$", re.IGNORECASE)


_DISPLAYS = (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.ListComp, cst.SetComp, cst.DictComp)


def _what_is_moved(argument: cst.BaseExpression) -> bool:
    """Is ``argument`` evidently a value to move rather than a GPU index: a list, tuple, set or dict
    display or comprehension, or a name whose words say nothing of GPUs, ranks or indices?"""
    if isinstance(argument, _DISPLAYS):
        return True
    while isinstance(argument, (cst.Subscript, cst.Call)):
        argument = argument.value if isinstance(argument, cst.Subscript) else argument.func
    dotted = dotted_name(argument)
    return dotted is not None and not _INDEX_WORD.search(dotted.rsplit(".", 1)[-1])


def _imported_names(tree: Tree, aliases: ImportAliases) -> frozenset[str]:
    names = set(aliases.names)
    for node in tree.of_type(tree.root, cst.ImportFrom):
        if node.relative and not isinstance(node.names, cst.ImportStar):
            names.update(dotted_name(a.asname.name if a.asname else a.name) or "" for a in node.names)
    return frozenset(names)


def _attributes_by_name(tree: Tree) -> dict[str, list[cst.Attribute]]:
    found: dict[str, list[cst.Attribute]] = {}
    for node in tree.of_type(tree.root, cst.Attribute):
        found.setdefault(node.attr.value, []).append(node)
    return found


def _per_gpu(above: cst.CSTNode, below: cst.CSTNode) -> bool:
    """Is ``below`` the body of a loop over ``range(torch.cuda.device_count())`` (or any iterable that
    counts the GPUs), which runs no time where there is none?"""
    if isinstance(above, cst.For) and below is above.body:
        return "device_count" in code_of(above.iter)
    if isinstance(above, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
        clause: cst.CompFor | None = above.for_in
        while clause is not None and below is not clause:
            if "device_count" in code_of(clause.iter):
                return True
            clause = clause.inner_for_in
    return False


def _values_of_at_top(tree: Tree) -> dict[str, list[cst.BaseExpression]]:
    """For each name, what the module's top-level ``name = ...`` lines (one assignment to that one
    name alone on its line) assign, in source order."""
    module = tree.root
    assert isinstance(module, cst.Module)
    values: dict[str, list[cst.BaseExpression]] = {}
    for line in module.body:
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            assign = line.body[0]
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
                target = assign.targets[0].target
                if isinstance(target, cst.Name):
                    values.setdefault(target.value, []).append(assign.value)
    return values


def _moved_to(call: cst.Call, device: cst.BaseExpression) -> cst.Call:
    """``x.cuda(non_blocking=True)`` -> ``x.to(device, non_blocking=True)``."""
    to = call.with_changes(func=call.func.with_changes(attr=cst.Name("to")), args=[])
    return with_args_appended(to, cst.Arg(device), *(a for a in call.args if a.keyword is not None))
