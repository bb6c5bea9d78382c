# source: satichandrala/pytorchbasics (saveandload-Models: "save on GPU, load on GPU")
# verdict: hit: the device is CUDA with no question asked; every `.to(device)` after it follows it.
import torch
import torch.nn as nn

PATH = "model.pt"
model = nn.Linear(4, 2)

device = torch.device("cuda")  # expect DEV007
model.to(device)
torch.save(model.state_dict(), PATH)

model = nn.Linear(4, 2)
model.load_state_dict(torch.load(PATH))
model.to(device)
