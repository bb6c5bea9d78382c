"""DEV014: see :mod:`codemods.rules.dev014_variable_type_test.rule`."""
