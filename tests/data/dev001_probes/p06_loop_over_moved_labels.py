# source: zhuxinqimac/CommutativeLieGroupVAE-Pytorch metrics/measure_independence.py (per-action loop over labels moved above)
# verdict: look-alike: the inner loop draws from a tensor the outer loop moved; nothing is left on the CPU.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class ActionMaps(nn.Module):
    def __init__(self, n_actions, dim):
        super().__init__()
        self.maps = nn.Embedding(n_actions, dim * dim)
        self.dim = dim

    def forward(self, z, action):
        m = self.maps(action).view(-1, self.dim, self.dim)
        return torch.bmm(m, z.unsqueeze(-1)).squeeze(-1)


def action_errors(encoder, loader, n_actions, dim):
    reps = ActionMaps(n_actions, dim).to(device)
    errors = {}
    for images, labels in loader:
        images = images.to(device)
        actions = labels.long().to(device)
        codes = encoder(images)
        for action in actions.unique():
            moved = reps(codes, action)
            errors[int(action)] = (moved - codes).abs().mean()
    return errors
