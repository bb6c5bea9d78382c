try:
    from ...zzz import *
except ImportError:
    pass
x = 1
