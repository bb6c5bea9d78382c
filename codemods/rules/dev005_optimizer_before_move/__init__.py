"""DEV005: see :mod:`codemods.rules.dev005_optimizer_before_move.rule`."""
