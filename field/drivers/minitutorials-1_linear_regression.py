"""Driver for minitutorials-1_linear_regression: the file's model and train step on the device.

The script's own main() asks MSELoss for a reduction modern PyTorch no longer has, so the driver
calls build_model() and train() itself, as a user moving the tutorial to a GPU would.
"""

import _common
import torch

module = _common.load()
device = _common.device()
model = module.build_model().to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
x = torch.linspace(-1, 1, 10, device=device)
for _ in range(2):
    module.train(model, torch.nn.MSELoss(), optimizer, x, 2 * x)
