# source: haitian-sun/GraftNet graftnet.py (recurrent state handed to use_cuda imported from util.py)
# verdict: hit, reported only: the helper lives in another file, only its name says it moves its argument.
import torch
from torch.autograd import Variable
from util import use_cuda


def init_hidden(layers, batch, size):
    return (
        use_cuda(Variable(torch.zeros(layers, batch, size))),  # expect DEV010
        use_cuda(Variable(torch.zeros(layers, batch, size))),  # expect DEV010
    )
