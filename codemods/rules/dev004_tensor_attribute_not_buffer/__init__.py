"""DEV004: see :mod:`codemods.rules.dev004_tensor_attribute_not_buffer.rule`."""
