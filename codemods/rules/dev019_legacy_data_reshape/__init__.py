"""DEV019: see :mod:`codemods.rules.dev019_legacy_data_reshape.rule`."""
