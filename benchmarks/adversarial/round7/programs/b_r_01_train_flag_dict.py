# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
config = {"cuda": torch.cuda.is_available(), "hidden": 8}
model = nn.Linear(4, config["hidden"])
if config["cuda"]:
    model = model.cuda()
mask = torch.ones(config["hidden"])
if config["hidden"] > 4:
    config["cuda"] = False  # big hidden: keep the mask on the host for the custom op
if config["cuda"]:
    mask = mask.cuda()
x = torch.randn(2, 4)
if next(model.parameters()).is_cuda:
    x = x.cuda()
out = model(x)
print(mask.device, out.device)
