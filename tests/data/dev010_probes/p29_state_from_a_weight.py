# source: Lukeming-tsinghua/pytorch-NLP-guidance homework4/homework4/model.py (state made like a weight)
# verdict: look-alike: `weight.new_zeros` makes it on the parameters' device.
import torch.nn as nn


class RNNModel(nn.Module):
    def __init__(self, vocab, embed, hidden):
        super().__init__()
        self.hidden = hidden
        self.embed = nn.Embedding(vocab, embed)
        self.lstm = nn.LSTM(embed, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, text, state):
        out, state = self.lstm(self.embed(text), state)
        return self.out(out), state

    def init_hidden(self, batch, requires_grad=True):
        weight = next(self.parameters())
        return (weight.new_zeros((1, batch, self.hidden), requires_grad=requires_grad),
                weight.new_zeros((1, batch, self.hidden), requires_grad=requires_grad))
