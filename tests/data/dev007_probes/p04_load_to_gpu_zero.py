# source: prabhakarvenkat/PyTorch_Repo (save on CPU, load onto "GPU 0" through map_location)
# verdict: hit twice: the fixed device, and map_location="cuda:0" (raises without a GPU).
import torch
import torch.nn as nn

PATH = "weights.pt"


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


def restore():
    device = torch.device("cuda")  # expect DEV007
    model = Model()
    model.load_state_dict(torch.load(PATH, map_location="cuda:0"))  # expect DEV007
    model.to(device)
    return model
