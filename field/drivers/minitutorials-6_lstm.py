"""Driver for minitutorials-6_lstm: LSTMNet on the device, two train() steps on random sequences.

data_util (the repository's MNIST loader) is stubbed: the model never needs it.
"""

import _common
import torch

_common.stub("data_util")
module = _common.load()
device = _common.device()
model = module.LSTMNet(input_dim=8, hidden_dim=16, output_dim=10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
x = torch.randn(5, 4, 8, device=device)  # (sequence, batch, features)
y = torch.randint(0, 10, (4,), device=device)
for _ in range(2):
    module.train(model, torch.nn.CrossEntropyLoss(), optimizer, x, y)
