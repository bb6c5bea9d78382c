"""The rule registry: one module per rule, listed here in code order."""

from __future__ import annotations

import importlib
from functools import lru_cache

from codemods.base import FixSafety, Rule

RULE_MODULES = (
    "codemods.dev001_input_not_on_device",
    "codemods.dev002_float64_input",
    "codemods.dev003_factory_without_device",
    "codemods.dev004_tensor_attribute_not_buffer",
    "codemods.dev005_optimizer_before_move",
    "codemods.dev006_round_robin_placement",
    "codemods.dev007_hardcoded_cuda",
    "codemods.dev008_host_sync_in_loop",
    "codemods.dev009_legacy_tensor_api",
    "codemods.dev010_create_on_device",
)


@lru_cache(maxsize=None)
def all_rules() -> tuple[type[Rule], ...]:
    rules = []
    for module_name in RULE_MODULES:
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
