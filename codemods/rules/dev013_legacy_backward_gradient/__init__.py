"""DEV013: see :mod:`codemods.rules.dev013_legacy_backward_gradient.rule`."""
