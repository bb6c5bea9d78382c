# source: ksuchoi216/lib (a flag read from the machine guards the move)
# verdict: look-alike; `.to("cuda")` runs only when a GPU exists.
import torch
import torch.nn as nn

model = nn.Linear(3, 3)
train_on_gpu = torch.cuda.is_available()
multi_gpu = False
if train_on_gpu:
    multi_gpu = torch.cuda.device_count() > 1
if train_on_gpu:
    model = model.to("cuda")
if multi_gpu:
    model = nn.DataParallel(model)
