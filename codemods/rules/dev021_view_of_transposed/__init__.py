"""DEV021: see :mod:`codemods.rules.dev021_view_of_transposed.rule`."""
