"""One package per rule: ``rule.py`` (docs and logic), ``examples.py`` (VALID/INVALID), private helpers."""
