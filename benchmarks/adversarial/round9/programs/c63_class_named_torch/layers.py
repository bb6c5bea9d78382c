import torch as _t
class torch:
    manual_seed = staticmethod(_t.manual_seed)
    randn = staticmethod(lambda n: _t.randn(n).double())
    sigmoid = staticmethod(_t.sigmoid)
