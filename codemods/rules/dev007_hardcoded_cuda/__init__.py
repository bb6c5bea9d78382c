"""DEV007: see :mod:`codemods.rules.dev007_hardcoded_cuda.rule`."""
