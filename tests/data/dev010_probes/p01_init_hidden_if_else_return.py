# source: chridey/fixedthat fixedthat/modeling/encoderRNN.py (hidden state returned moved under a module flag)
# verdict: hit. The zeros are filled on the host and copied when the flag is on.
import torch
import torch.nn as nn
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()


class Encoder(nn.Module):
    def __init__(self, vocab, size):
        super().__init__()
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.gru = nn.GRU(size, size)

    def forward(self, tokens, hidden):
        out = self.embed(tokens).view(1, 1, -1)
        return self.gru(out, hidden)

    def initHidden(self):
        result = Variable(torch.zeros(1, 1, self.size))  # expect DEV010
        if use_cuda:
            return result.cuda()
        else:
            return result
