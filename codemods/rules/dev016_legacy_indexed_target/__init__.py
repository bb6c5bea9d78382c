"""DEV016: see :mod:`codemods.rules.dev016_legacy_indexed_target.rule`."""
