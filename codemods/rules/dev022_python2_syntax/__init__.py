"""DEV022: see :mod:`codemods.rules.dev022_python2_syntax.rule`."""
