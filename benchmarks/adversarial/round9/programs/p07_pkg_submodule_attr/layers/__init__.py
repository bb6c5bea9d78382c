from .functional import helper
