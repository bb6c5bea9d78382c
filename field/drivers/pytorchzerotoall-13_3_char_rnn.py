"""Driver for pytorchzerotoall-13_3_char_rnn: the char RNN on the device, generate() a few characters
and two teacher-forced steps written here (the file's train() returns loss.data[0], which PyTorch >= 0.5
refuses on any device). text_loader (the repository's dataset) is stubbed."""

import _common
import torch

_common.stub("text_loader")
module = _common.load()
device = _common.device()
decoder = module.RNN(128, 16, 128, n_layers=2).to(device)
module.generate(decoder, prime_str="ab", predict_len=3)

optimizer = torch.optim.Adam(decoder.parameters(), lr=1e-3)
line = module.str2tensor("hello")
for _ in range(2):
    hidden = decoder.init_hidden()
    loss = 0
    for c in range(len(line) - 1):
        output, hidden = decoder(line[c], hidden)
        loss = loss + torch.nn.functional.cross_entropy(output, line[c + 1].view(1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
