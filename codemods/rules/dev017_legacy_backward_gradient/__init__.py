"""DEV017: see :mod:`codemods.rules.dev017_legacy_backward_gradient.rule`."""
