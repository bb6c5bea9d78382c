"""DEV003: see :mod:`codemods.rules.dev003_factory_without_device.rule`."""
