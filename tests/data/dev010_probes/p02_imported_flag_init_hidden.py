# source: wolegechu/coding-experiments seq2seq_PyTorch/encoder.py (the flag comes from another module)
# verdict: hit, as p01; the flag is imported, so only its name says what it is.
import torch
from torch import nn
from torch.autograd import Variable
from utils import use_cuda


class Encoder(nn.Module):
    def __init__(self, vocab, size, layers=1):
        super().__init__()
        self.layers = layers
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.gru = nn.GRU(size, size)

    def forward(self, tokens, hidden):
        out = self.embed(tokens).view(1, 1, -1)
        for _ in range(self.layers):
            out, hidden = self.gru(out, hidden)
        return out, hidden

    def init_hidden(self):
        result = Variable(torch.zeros(1, 1, self.size))  # expect DEV010
        if use_cuda:
            return result.cuda()
        else:
            return result
