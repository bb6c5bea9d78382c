"""Module facts: what a rule reads about the module outside the top-level statement it reports in.

A rule that declares ``Rule.reads`` promises that its findings in a top-level statement depend only on
that statement and on the facts it names. Each fact here has a *fingerprint*: a value that is equal on
two versions of a module whenever the fact's answers are. When every fact a rule reads has the same
fingerprint after a pass of fixes as when the rule last looked at a statement, and that statement is
the same node, the rule's findings there are what they were: the engine re-runs the rule only on the
statements that changed (``autofix.engine.lint``, see ``docs/engine.md``).

An analysis that adds a fact registers its fingerprint with :func:`fact` (``core`` imports no analysis);
a fingerprint must cover every answer the rule may read, or a fix can be missed: when in doubt, leave the
rule undeclared, and the engine runs it on the whole module.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from codemods.core.base import RuleContext

Fingerprint = Callable[["RuleContext"], Hashable]

FACTS: dict[str, Fingerprint] = {}


def fact(name: str) -> Callable[[Fingerprint], Fingerprint]:
    """Registers the decorated function as the fingerprint of the module fact ``name``."""

    def register(function: Fingerprint) -> Fingerprint:
        if name in FACTS and FACTS[name] is not function:
            raise ValueError(f"module fact {name!r} is registered twice")
        FACTS[name] = function
        return function

    return register


def fingerprint(context: RuleContext, names: Iterable[str]) -> tuple[Hashable, ...]:
    """The fingerprints of the facts ``names`` of ``context``'s module, each computed once per context."""
    return tuple(context.memo(("fact", name), partial(FACTS[name], context)) for name in names)


@fact("aliases")
def _import_aliases(context: RuleContext) -> Hashable:
    """What the module's imports bind (``ImportAliases.qualify``, ``local_name_for``, ``module_name_for``
    answer from these two maps alone, star-import conventions included)."""
    aliases = context.aliases
    return (tuple(sorted(aliases.names.items())), tuple(sorted(aliases.module_names.items())))
