"""The contract every rule module follows.

A rule reads the whole module in :meth:`Rule.check` (through the fast helpers of
:mod:`codemods.patterns` and :mod:`codemods.walk`, which answer from one walk of the tree per pass)
and calls :meth:`Rule.report` with the node at fault, a message and, when it knows how to fix it,
the edits that fix it. Edits map original nodes to their replacements;
a fix that touches several places (move a statement, add a module-level definition) is one finding
with several edits, applied all together or not at all.

Rules never import torch: they read code, they do not run it.
"""

from __future__ import annotations

import enum
import sys
import textwrap
from dataclasses import dataclass, field
from typing import ClassVar, Mapping, Union

import libcst as cst

from codemods.names import ImportAliases

Replacement = Union[cst.CSTNode, cst.FlattenSentinel, cst.RemovalSentinel]


class FixSafety(enum.Enum):
    """How much a fix can be trusted to keep the program's meaning (ruff's vocabulary)."""

    SAFE = "safe"  # keeps behaviour; applied by default
    UNSAFE = "unsafe"  # may change results or where code runs; applied only with --unsafe-fixes
    NONE = "none"  # the rule only reports


@dataclass(frozen=True)
class Invalid:
    """An example the rule must flag. ``after`` is the exact fixed code, or None for report-only."""

    before: str
    after: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "before", textwrap.dedent(self.before).lstrip("\n"))
        if self.after is not None:
            object.__setattr__(self, "after", textwrap.dedent(self.after).lstrip("\n"))


def valid(code: str) -> str:
    """Dedent an example the rule must leave byte-identical."""
    return textwrap.dedent(code).lstrip("\n")


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
    """What a rule may read about the file besides the tree itself."""

    module: cst.Module
    source: str
    aliases: ImportAliases
    # How fixes spell a portable device: "classic" (`torch.cuda.is_available()`, any PyTorch) or
    # "accelerator" (`torch.accelerator`, PyTorch >= 2.6: CUDA, MPS, XPU alike). `[tool.autofix] device`.
    device_style: str = "classic"


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    fix_safety: ClassVar[FixSafety]
    # The rule runs only on files whose text contains one of these strings: a plain substring test
    # is far cheaper than parsing, and most files of a large tree mention none of them.
    triggers: ClassVar[tuple[str, ...]] = ("torch",)
    VALID: ClassVar[list[str]] = []
    INVALID: ClassVar[list[Invalid]] = []

    def __init__(self, context: RuleContext) -> None:
        self.context = context
        self.findings: list[Finding] = []

    def check(self) -> None:
        """Read ``self.context.module`` and :meth:`report` what is wrong with it."""
        raise NotImplementedError

    @property
    def aliases(self) -> ImportAliases:
        return self.context.aliases

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
            safety = safety or self.fix_safety
        else:
            safety = FixSafety.NONE
        self.findings.append(Finding(self.code, message, node, dict(edits or {}), safety))

    @classmethod
    def doc(cls) -> str:
        """The rule's documentation: its module's docstring (one rule per module), in ruff's shape."""
        return textwrap.dedent(sys.modules[cls.__module__].__doc__ or "").strip()
