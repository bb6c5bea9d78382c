# source: pereman2/carspeed rnn.py (forward asks init_hidden for a state of the input's batch size)
# verdict: hit (P3): the state is made on the CPU and handed to the RNN with x.
import torch


class Model(torch.nn.Module):
    def __init__(self, n_in, n_out, hidden_dim, layers):
        super().__init__()
        self.hidden_dim = hidden_dim
        self.layers = layers
        self.rnn = torch.nn.RNN(n_in, hidden_dim, layers, batch_first=True)
        self.fc = torch.nn.Linear(hidden_dim, n_out)

    def forward(self, x):
        hidden = self.init_hidden(x.size(0))
        out, hidden = self.rnn(x, hidden)
        return self.fc(out), hidden

    def init_hidden(self, batch):
        hidden = torch.zeros(self.layers, batch, self.hidden_dim)  # expect DEV003
        return hidden
