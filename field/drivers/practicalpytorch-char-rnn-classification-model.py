"""Driver for practicalpytorch-char-rnn-classification-model: the RNN on the device, three characters
fed one at a time from initHidden(), then a backward pass."""

import _common
import torch

module = _common.load()
device = _common.device()
rnn = module.RNN(input_size=5, hidden_size=8, output_size=3).to(device)
hidden = rnn.initHidden()
for letter in torch.eye(5, device=device)[:3]:
    output, hidden = rnn(letter.view(1, -1), hidden)
output.sum().backward()
