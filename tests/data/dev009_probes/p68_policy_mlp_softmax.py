# source: awentzonline/pytorch-cns examples/atari_pix_gpa.py (a policy head ending in a softmax)
# verdict: the softmax module follows an `nn.Linear` (through `nn.ReLU`) and gets the flattened
#   features: PyTorch picked dim 1 of that 2-D input, the last; `dim=-1`, unsafe (a 3-D input would
#   have been read along dim 0). `F.tanh` is `torch.tanh`.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Policy(nn.Module):
    def __init__(self, in_features, hidden, actions):
        super().__init__()
        self.convs = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), nn.LeakyReLU(0.2))
        self.classifier = nn.Sequential(
            nn.Linear(in_features, hidden),
            nn.ReLU(),
            nn.Linear(hidden, actions),
            nn.Softmax(),  # expect DEV012
        )

    def forward(self, x):
        z = F.tanh(self.convs(x))  # expect DEV012
        return self.classifier(z.view(z.size(0), -1))
