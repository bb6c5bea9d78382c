"""DEV014: see :mod:`codemods.rules.dev014_renamed_torch_api.rule`."""
