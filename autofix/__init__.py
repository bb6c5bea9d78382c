"""torch-autofix: find and fix PyTorch device and dtype mistakes, and prove the fixes by running them."""

__version__ = "0.2.0"
