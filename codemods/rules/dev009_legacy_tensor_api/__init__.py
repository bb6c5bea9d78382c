"""DEV009: see :mod:`codemods.rules.dev009_legacy_tensor_api.rule`."""
