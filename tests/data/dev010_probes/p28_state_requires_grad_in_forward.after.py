# source: Shail2512/RNN RNN.py (a first state made in forward, marked to require grad)
# verdict: hit (P3): made on the CPU in forward, it meets x on the module's device.
import torch


class RNNModel(torch.nn.Module):
    def __init__(self, n_in, hidden_dim, layers, n_out):
        super().__init__()
        self.hidden_dim = hidden_dim
        self.layers = layers
        self.rnn = torch.nn.RNN(n_in, hidden_dim, layers)
        self.fc = torch.nn.Linear(hidden_dim, n_out)

    def forward(self, x):
        h0 = torch.zeros(self.layers, x.size(0), self.hidden_dim, device=x.device).requires_grad_()  # expect DEV003
        out, h0 = self.rnn(x, h0)
        return self.fc(out[:, -1, :])
