"""DEV020: see :mod:`codemods.rules.dev020_legacy_indexed_target.rule`."""
