"""The contract every rule module follows.

A rule reads the whole module in :meth:`Rule.check` (through ``self.context.tree``, the index of
:mod:`codemods.core.tree` that answers "what is under / above this node" from one walk per pass) and
calls :meth:`Rule.report` with the node at fault, a message and, when it knows how to fix it, the edits
that fix it. Edits map original nodes to their replacements; a fix that touches several places (move a
statement, add a module-level definition) is one finding with several edits, applied all together or
not at all.

Rules never import torch: they read code, they do not run it.
"""

from __future__ import annotations

import enum
import importlib
import sys
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, cast, overload

import libcst as cst

from codemods.core.dynamic_names import dynamic_name_route
from codemods.core.name_bindings import bindings_in, reads_name, shadowed_at
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.project_names import NO_PROJECT, ProjectNames
from codemods.core.torchscript import compiled_by, writes_unscriptable
from codemods.core.tree import Tree

T = TypeVar("T", bound=cst.CSTNode)
T2 = TypeVar("T2")
# The node classes of a tuple of kinds, as in Tree.of_type.
_A = TypeVar("_A", bound=cst.CSTNode)
_B = TypeVar("_B", bound=cst.CSTNode)
_C = TypeVar("_C", bound=cst.CSTNode)
_D = TypeVar("_D", bound=cst.CSTNode)

Replacement = cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel


class FixSafety(enum.Enum):
    """How much a fix can be trusted to keep the program's meaning (ruff's vocabulary)."""

    SAFE = "safe"  # keeps behaviour; applied by default
    UNSAFE = "unsafe"  # may change results or where code runs; applied only with --unsafe-fixes
    NONE = "none"  # the rule only reports


def _example(code: str) -> str:
    return textwrap.dedent(code).lstrip("\n")


@dataclass(frozen=True)
class Valid:
    """An example the rule must leave byte-identical, with nothing reported."""

    code: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _example(self.code))


@dataclass(frozen=True)
class Invalid:
    """An example the rule must flag.

    ``after`` is the exact fixed code, or None when the rule only reports. ``message``, when given, is
    a fragment the finding's message must contain, and ``line`` the 1-based line it must be reported
    on (its first finding's, when the example has several): the message is part of the rule's
    behaviour, so the examples pin it down as Fixit's do.
    """

    code: str
    after: str | None = None
    message: str | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _example(self.code))
        if self.after is not None:
            object.__setattr__(self, "after", _example(self.after))


@dataclass(frozen=True)
class TextFix:
    """A fix made to the text before it is parsed: a token today's Python no longer parses, replaced.

    ``line`` counts from 1 and ``column`` (in code points) from 0, as libcst counts them; the fix
    replaces ``old`` there with ``new``. ``then`` holds the further parts of the same fix, reported with
    it as one finding (``print x`` -> ``print(x)``: the ``)`` at the statement's end, maybe lines
    later). See :attr:`Rule.text_fixes`.
    """

    line: int
    column: int
    old: str
    new: str
    message: str
    then: tuple[TextFix, ...] = ()

    @property
    def parts(self) -> tuple[TextFix, ...]:
        """This fix's own replacement and those of ``then``: what is made to the text."""
        return (self, *self.then)


@dataclass
class Finding:
    code: str
    message: str
    node: cst.CSTNode
    edits: Mapping[cst.CSTNode, Replacement] = field(default_factory=dict)
    safety: FixSafety = FixSafety.SAFE

    @property
    def fixable(self) -> bool:
        return bool(self.edits)


@dataclass
class RuleContext:
    """Everything a rule may read about one file in one pass.

    The engine builds one per pass and shares it between the rules; a test builds one in one line
    with :meth:`RuleContext.of`. Nothing a rule reads lives anywhere else.
    """

    module: cst.Module
    source: str
    tree: Tree  # the index of ``module``: of_type, descendants, parent, ancestors
    aliases: ImportAliases
    # How fixes spell a portable device: "classic" (`torch.cuda.is_available()`, any PyTorch) or
    # "accelerator" (`torch.accelerator`, PyTorch >= 2.6: CUDA, MPS, XPU alike). `[tool.autofix] device`.
    device_style: str = "classic"
    # Where :meth:`Rule.sites` looks: None for the whole module; in a pass between the engine's first and
    # last, the top-level statements (in source order) that the last pass changed or deferred a fix in.
    focus: tuple[cst.CSTNode, ...] | None = None
    # Project mode: what the functions and classes this file imports from the project's other files
    # move to a device, by how this file spells them (see codemods.analysis.values).
    project_moves: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    # Project mode: the module-level names of this file that the project's other files take from it
    # (``from model import Net``); None where any may be taken (a file alone, a star-imported module).
    project_taken: frozenset[str] | None = None
    # Project mode: what the project's other files bring into this file's names (star imports, routes
    # to names, switches of the current GPU): codemods.core.project_names.
    project: ProjectNames = NO_PROJECT
    # What analyses computed once for this context (see memo): the value model of
    # codemods.analysis.values, which holds the tree, lives here and not in the tree's memo (a cycle).
    _memo: dict[object, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def memo(self, key: object, compute: Callable[[], T2]) -> T2:
        """``compute()``, once per context and ``key``: an analysis of the whole file that several rules
        of a pass read (``Values.of(context)``). The context knows no analysis itself: ``core`` does not
        import ``analysis``."""
        try:
            return cast("T2", self._memo[key])
        except KeyError:
            value = self._memo[key] = compute()
            return value

    @classmethod
    def of(cls, code: str | cst.Module, device_style: str = "classic") -> RuleContext:
        """The context of ``code`` (source text or a parsed module), as the engine builds it."""
        module = cst.parse_module(code) if isinstance(code, str) else code
        tree = Tree(module)
        return cls(
            module,
            module.code if isinstance(code, cst.Module) else code,
            tree,
            ImportAliases.of(tree),
            device_style,
        )


class _Examples:
    """``Rule.VALID``/``Rule.INVALID``: the lists of the ``examples`` module beside the rule's module."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> list[Any]:
        package = owner.__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.examples")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.examples":
                raise
            return []
        return list(getattr(module, self.name))


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    fix_safety: ClassVar[FixSafety]
    # The rule runs only on files whose text contains one of these strings: a plain substring test
    # is far cheaper than parsing, and most files of a large tree mention none of them.
    triggers: ClassVar[tuple[str, ...]] = ("torch",)
    # Whether the rule also runs on files that never mention torch but may choose its GPU (a config
    # module's `--device` option defaulting to "cuda", `USE_CUDA = True`): only a rule that asks no
    # torch name of them, as DEV007's switches and device strings, whose fixes then need `torch`.
    reads_torch_free: ClassVar[bool] = False
    # Whether the rule also reads a file that never mentions torch but may be Python 2 (a print statement
    # starts a line): DEV022, whose text fixes convert a Python 2 project's helper modules too.
    reads_python2: ClassVar[bool] = False
    # The rules whose findings this rule's fixes can create (DEV010 turns `torch.zeros(n).to("cuda")` into
    # `torch.zeros(n, device="cuda")`, a DEV007 finding), so that the engine's next pass runs them.
    # Only a schedule: the engine's last pass runs every rule whatever this says (see autofix.engine.lint).
    feeds: ClassVar[tuple[str, ...]] = ()
    # The module facts (names in codemods.core.facts.FACTS) that this rule's findings in a top-level
    # statement depend on besides that statement: () for none. Declared, the engine's last pass re-runs the
    # rule only on the statements changed since it last looked at them, when those facts did not change
    # (docs/engine.md). None, the default: the rule is run on the whole module, always correct.
    reads: ClassVar[tuple[str, ...] | None] = None
    # A rule package's ``examples.py`` (read when first asked for, so that it may import the rule);
    # a rule class may also set its own lists.
    VALID: ClassVar[list[Valid]] = cast("list[Valid]", _Examples("VALID"))
    INVALID: ClassVar[list[Invalid]] = cast("list[Invalid]", _Examples("INVALID"))

    def __init__(self, context: RuleContext) -> None:
        self.context = context
        self.findings: list[Finding] = []
        self.narrowed = False  # looked for sites in the context's focus only: not a whole-module answer

    def check(self) -> None:
        """Read ``self.context.module`` and :meth:`report` what is wrong with it."""
        raise NotImplementedError

    @classmethod
    def text_fixes(cls, text: str) -> list[TextFix]:
        """Fixes of tokens that keep ``text`` from parsing at all (``x.cuda(async=True)``: ``async`` is a
        keyword since Python 3.7), found in the text before it is parsed. The engine applies them first,
        reports them as this rule's findings, then parses the fixed text. They have the rule's
        ``fix_safety``: an unsafe one (DEV022's Python 2 conversion) withholds the whole file's write
        unless unsafe fixes are allowed, though every rule's findings are still reported. None for most
        rules."""
        return []

    @property
    def aliases(self) -> ImportAliases:
        return self.context.aliases

    @overload
    def sites(self, kind: type[T]) -> list[T]: ...
    @overload
    def sites(self, kind: tuple[type[_A], type[_B]]) -> list[_A | _B]: ...
    @overload
    def sites(self, kind: tuple[type[_A], type[_B], type[_C]]) -> list[_A | _B | _C]: ...
    @overload
    def sites(self, kind: tuple[type[_A], type[_B], type[_C], type[_D]]) -> list[_A | _B | _C | _D]: ...
    def sites(self, kind: type | tuple[type, ...]) -> list[Any]:
        """The nodes of ``kind`` to look for findings at, in source order: the whole module's, or only
        those in the context's ``focus``.

        A pass after a pass of fixes can only find something new where those fixes changed the code, or
        by facts about the module that they changed (a fix that moves the model makes its inputs a
        finding elsewhere); the engine's last pass runs every rule on the whole module for the second
        kind. Looking for sites only in the changed statements makes such a pass cost a fraction of a
        whole one. A rule may use this only where what it reports at a site depends on the site and
        on facts about the whole module (which it still reads from ``self.tree``), not on which other
        sites it has seen: ``tests/test_autofix/engine/test_engine.py`` checks, on every pass over the
        corpus, that a
        focused run finds exactly what a whole run finds in the focus."""
        focus = self.context.focus
        if focus is None:
            return self.tree.of_type(self.tree.root, kind)
        self.narrowed = True
        return [node for statement in focus for node in self.tree.of_type(statement, kind)]

    @property
    def tree(self) -> Tree:
        return self.context.tree

    def report(
        self,
        node: cst.CSTNode,
        message: str,
        *,
        edits: Mapping[cst.CSTNode, Replacement] | None = None,
        safety: FixSafety | None = None,
    ) -> None:
        """Record a finding. ``safety`` overrides the rule's ``fix_safety`` for this one fix (a rule
        whose fixes are safe for some shapes and unsafe for others); it is ignored without edits."""
        if edits:
            shadowed = self._shadowed_torch(edits)
            if shadowed is not None:
                message += f" (not rewritten: `{shadowed}` is another name here than the module `torch`)"
                edits = None
        if edits:
            safety = safety or self.fix_safety
            if safety is FixSafety.SAFE:
                route = dynamic_name_route(self.tree, self.aliases)
                if route is not None:  # no reading of names holds there (codemods.core.dynamic_names)
                    safety = FixSafety.UNSAFE
                    message += f" (unsafe: the file reaches names by {route}, which no reading follows)"
                elif self.context.project.route is not None:
                    safety = FixSafety.UNSAFE
                    message += f" (unsafe: {self.context.project.route}, which no reading follows)"
                elif (compiler := self._compiled_by_torchscript(edits)) is not None:
                    safety = FixSafety.UNSAFE
                    message += (
                        f" (unsafe: TorchScript compiles this code, through {compiler}, and may not"
                        " compile what the fix writes)"
                    )
        else:
            safety = FixSafety.NONE
        self.findings.append(Finding(self.code, message, node, dict(edits or {}), safety))

    def _compiled_by_torchscript(self, edits: Mapping[cst.CSTNode, Replacement]) -> str | None:
        if not any(writes_unscriptable(replacement) for replacement in edits.values()):
            return None
        source = self.context.source
        return next(
            (
                how
                for node in edits
                if (how := compiled_by(self.tree, self.aliases, source, node, self.context.project.scripts))
                is not None
            ),
            None,
        )

    def _shadowed_torch(self, edits: Mapping[cst.CSTNode, Replacement]) -> str | None:
        """The name the file gives ``torch`` where ``edits`` would write it but a function, class or
        comprehension around binds that name to something else (``def make(torch):``), else None: a fix
        spelled with the module would call that other thing."""
        name = self.aliases.module_name_for("torch") or "torch"
        for node, replacement in edits.items():
            if not reads_name(replacement, name):
                continue
            if shadowed_at(self.tree, node, name):
                return name
            # (`except ImportError: torch = None`: where the code read `torch` already, it still does)
            if not reads_name(node, name) and self._rebound_at_module_level(name):
                return name
        return None

    def _rebound_at_module_level(self, name: str) -> bool:
        """Is ``name`` bound at the module's top level by anything but an ``import torch``
        (``torch = np``, ``from utils import torch``)? Kept per tree: asked for each fix spelled with it."""
        return self.tree.memo(("base.rebound_at_module_level", name), lambda: self._find_rebinding(name))

    def _find_rebinding(self, name: str) -> bool:
        tree = self.tree
        for binding in bindings_in(tree, tree.root, name):
            alias = tree.parent(binding) if isinstance(binding, cst.AsName) else binding  # (`as T`)
            if not (
                isinstance(alias, cst.ImportAlias)
                and isinstance(tree.parent(alias), cst.Import)
                and (dotted_name(alias.name) or "").split(".")[0] == "torch"
            ):
                return True
        return False

    @classmethod
    def doc(cls) -> str:
        """The rule's documentation: its module's docstring (one rule per module), in ruff's shape."""
        return textwrap.dedent(sys.modules[cls.__module__].__doc__ or "").strip()
