"""DEV001: see :mod:`codemods.rules.dev001_input_not_on_device.rule`."""
