# source: williamSYSU/TextGAN-PyTorch models/generator.py (init_hidden of the LSTM generators)
# verdict: hit. The LSTM state is made on the host and returned moved when the generator's gpu flag is set, as a pair under an if/else.
import torch
import torch.nn as nn


class LSTMGenerator(nn.Module):
    def __init__(self, hidden_dim, gpu=False):
        super().__init__()
        self.hidden_dim = hidden_dim
        self.gpu = gpu

    def init_hidden(self, batch_size):
        h = torch.zeros(1, batch_size, self.hidden_dim, device="cuda" if self.gpu else "cpu")
        c = torch.zeros(1, batch_size, self.hidden_dim, device="cuda" if self.gpu else "cpu")
        if self.gpu:
            return h, c
        else:
            return h, c
