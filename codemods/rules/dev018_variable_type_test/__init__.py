"""DEV018: see :mod:`codemods.rules.dev018_variable_type_test.rule`."""
