# source: unnamed file of the code index (the word-language-model helper, copied into many projects)
# verdict: hit: the type test against Variable, the rewrap of `.data`, the import.
from torch.autograd import Variable


def repackage_hidden(h):
    """Wraps hidden states in new Variables, to detach them from their history."""
    if type(h) == Variable:
        return h.data
    else:
        return tuple(repackage_hidden(v) for v in h)
