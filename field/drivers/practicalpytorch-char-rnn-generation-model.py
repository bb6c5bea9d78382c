"""Driver for practicalpytorch-char-rnn-generation-model: the GRU model on the device, a short
character sequence fed one step at a time from init_hidden(), then a backward pass."""

import _common
import torch

module = _common.load()
device = _common.device()
rnn = module.RNN(input_size=20, hidden_size=8, output_size=20, n_layers=2).to(device)
hidden = rnn.init_hidden()
loss = 0
for char in torch.tensor([3, 1, 4, 1], device=device):
    output, hidden = rnn(char, hidden)
    loss = loss + output.sum()
loss.backward()
