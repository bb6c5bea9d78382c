"""DEV013: see :mod:`codemods.rules.dev013_legacy_loss_reduction.rule`."""
