"""DEV002: see :mod:`codemods.rules.dev002_float64_input.rule`."""
