# source: VaheC/Pytorch_Study (model_configuration/v3.py)
# verdict: look-alike: the model is made on the device, then the optimizer.
import torch
import torch.nn as nn
import torch.optim as optim

lr = 0.1
device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(42)
model = nn.Sequential(nn.Linear(1, 1)).to(device)
optimizer = optim.SGD(model.parameters(), lr=lr)
loss_fn = nn.MSELoss(reduction="mean")
