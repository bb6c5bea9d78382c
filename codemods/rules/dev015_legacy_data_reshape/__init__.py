"""DEV015: see :mod:`codemods.rules.dev015_legacy_data_reshape.rule`."""
