"""The rule registry: every package under ``codemods/rules/`` is a rule, found by its ``rule`` module."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

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


@lru_cache(maxsize=None)
def all_rules() -> tuple[type[Rule], ...]:
    rules = []
    for module_name in rule_modules():
        module = importlib.import_module(module_name)
        rules.extend(
            obj
            for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, Rule) and obj is not Rule
            and obj.__module__ == module_name
        )
    return tuple(sorted(rules, key=lambda r: r.code))


def rules_by_code() -> dict[str, type[Rule]]:
    return {rule.code: rule for rule in all_rules()}


class UnknownRuleError(ValueError):
    pass


def select_rules(select: list[str] | None, ignore: list[str] | None) -> tuple[type[Rule], ...]:
    """Rules matching any ``select`` prefix and no ``ignore`` prefix; an unmatched prefix is an error."""
    codes = [rule.code for rule in all_rules()]
    for selector in [*(select or []), *(ignore or [])]:
        if selector.upper() != "ALL" and not any(code.startswith(selector.upper()) for code in codes):
            raise UnknownRuleError(f"unknown rule code or prefix {selector!r} (known: {', '.join(codes)})")

    def matches(code: str, selectors: list[str]) -> bool:
        return any(s.upper() == "ALL" or code.startswith(s.upper()) for s in selectors)

    return tuple(
        rule
        for rule in all_rules()
        if (select is None or matches(rule.code, select)) and not matches(rule.code, ignore or [])
    )


__all__ = ["FixSafety", "Rule", "UnknownRuleError", "all_rules", "rules_by_code", "select_rules"]
