__all__ = ["helper"]

def helper():
    return 1

def Variable(t, requires_grad=False):
    return t.double()

__all__.extend(["Variable"])
