"""DEV011: see :mod:`codemods.rules.dev011_legacy_scalar_index.rule`."""
