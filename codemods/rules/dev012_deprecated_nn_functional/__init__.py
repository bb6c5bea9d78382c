"""DEV012: see :mod:`codemods.rules.dev012_deprecated_nn_functional.rule`."""
