"""DEV008: see :mod:`codemods.rules.dev008_host_sync_in_loop.rule`."""
