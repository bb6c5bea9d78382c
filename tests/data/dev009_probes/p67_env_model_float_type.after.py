# source: FlorianKlemt/pytorch-latent-i2a environment_model/mini_pacman/model/env_model.py
# verdict: `self.FloatTensor` is chosen in `__init__` by its `use_cuda` parameter; called there on the
#   reward bins (a plural name: data, unsafe) it gets the same device choice; in `forward` the
#   parameter is out of reach, so `.type(self.FloatTensor)` stays reported.
import torch
import torch.nn as nn


class EnvModel(nn.Module):
    def __init__(self, num_actions, reward_bins, use_cuda):
        super().__init__()
        self.num_actions = num_actions
        self.FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
        self.reward_bins = torch.as_tensor(reward_bins, dtype=torch.float32, device="cuda" if use_cuda else "cpu")
        self.head = nn.Linear(64, 5)

    def forward(self, frame, action):
        one_hot = torch.zeros(action.shape[0], self.num_actions).type(self.FloatTensor)
        one_hot.scatter_(1, action, 1)
        return self.head(frame.flatten(1)), one_hot
