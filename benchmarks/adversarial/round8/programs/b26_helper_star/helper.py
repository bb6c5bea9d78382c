import sys as _sys

modules = _sys.modules
