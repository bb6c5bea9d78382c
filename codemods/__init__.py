"""The rule registry: every package under ``codemods/rules/`` is a rule, found by its ``rule`` module."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (libcst is imported with the rules, not with the package: project mode's pre-pass
    # reads codemods.core's plain vocabularies in runs answered from the cache)
    from codemods.core.base import FixSafety, Rule

RULES_PACKAGE = "codemods.rules"


def rule_modules() -> tuple[str, ...]:
    """The ``rule`` module of each package under ``codemods/rules/``, in code order (folder names sort so)."""
    import codemods.rules

    return tuple(
        f"{RULES_PACKAGE}.{info.name}.rule"
        for info in sorted(pkgutil.iter_modules(codemods.rules.__path__), key=lambda info: info.name)
        if info.ispkg
    )


@cache
def all_rules() -> tuple[type[Rule], ...]:
    from codemods.core.base import Rule

    rules: list[type[Rule]] = []
    for module_name in rule_modules():
        module = importlib.import_module(module_name)
        rules.extend(
            obj
            for obj in vars(module).values()
            if isinstance(obj, type)
            and issubclass(obj, Rule)
            and obj is not Rule
            and obj.__module__ == module_name
        )
    return tuple(sorted(rules, key=lambda r: r.code))


def rules_by_code() -> dict[str, type[Rule]]:
    return {rule.code: rule for rule in all_rules()}


def __getattr__(name: str) -> Any:
    """``codemods.Rule``, ``codemods.FixSafety``: the contract, imported when first asked for."""
    if name in ("FixSafety", "Rule"):
        from codemods.core import base

        return getattr(base, name)
    raise AttributeError(name)


__all__ = ["FixSafety", "Rule", "all_rules", "rule_modules", "rules_by_code"]
