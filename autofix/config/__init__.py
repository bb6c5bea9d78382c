"""Configuration: ``[tool.autofix]`` read and validated, and rule codes resolved without importing rules."""
