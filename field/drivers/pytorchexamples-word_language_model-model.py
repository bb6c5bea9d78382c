"""Driver for pytorchexamples-word_language_model-model: RNNModel (LSTM) and TransformerModel on the
device, one forward/backward each on random token ids."""

import _common
import torch

module = _common.load()
device = _common.device()
tokens = torch.randint(0, 50, (6, 2), device=device)  # (sequence, batch)

rnn = module.RNNModel("LSTM", ntoken=50, ninp=16, nhid=16, nlayers=2).to(device)
output, hidden = rnn(tokens, rnn.init_hidden(2))
output.sum().backward()

transformer = module.TransformerModel(ntoken=50, ninp=16, nhead=2, nhid=32, nlayers=1).to(device)
transformer(tokens).sum().backward()
