"""DEV010: see :mod:`codemods.rules.dev010_create_on_device.rule`."""
