"""DEV006: see :mod:`codemods.rules.dev006_round_robin_placement.rule`."""
