"""A distributional (C51-style) DQN head from 2018 code: the atom logits are flattened with
`x.view(-1, self.n_atoms)` and given to `F.softmax(x)` without `dim` (2-D: PyTorch picked dim 1, over the
atoms), which the fix writes; the results stay. Three values handed in and stacked with `torch.stack` go to
`F.log_softmax` without `dim`: their rank is not in the code, so the fix asks it at run time as PyTorch
did (3-D here: dim 0).
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class C51Head(nn.Module):
    def __init__(self, n_actions, n_atoms):
        super().__init__()
        self.n_actions = n_actions
        self.n_atoms = n_atoms
        self.fc1 = nn.Linear(4, 32)
        self.fc2 = nn.Linear(32, n_actions * n_atoms)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = self.fc2(x)
        x = x.view(-1, self.n_atoms)
        x = F.softmax(x)
        return x.view(-1, self.n_actions, self.n_atoms)


def head_agreement(a, b, c):
    logits = torch.stack((a, b, c))
    return F.log_softmax(logits)


def run():
    torch.manual_seed(8)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    head = C51Head(2, 5).to(device)
    states = torch.randn(3, 4, device=device)
    dist = head(states)
    support = torch.linspace(-1.0, 1.0, 5, device=device)
    q = (dist * support).sum(2)
    votes = head_agreement(q, q * 0.5, q + 1.0)
    return {"dist": dist.detach(), "q": q.detach(), "votes": votes.detach()}
