# EMU
import torch
import torch.nn as nn
mode = "gpu"
match mode:
    case "gpu":
        model = nn.Linear(2, 1).cuda()
    case _:
        model = nn.Linear(2, 1)
print(next(model.parameters()).device.type)
