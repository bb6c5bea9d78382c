# source: KaiyangZhou/Dassl.pytorch dassl/engine/da/dann.py (domain labels for an adversarial loss)
# verdict: hit, found and fixed before this session.
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, critic, device):
        self.model, self.critic, self.device = model, critic, device
        self.bce = nn.BCEWithLogitsLoss()

    def step(self, input_x, input_u):
        domain_x = torch.ones(input_x.shape[0], 1).to(self.device)  # expect DEV010
        domain_u = torch.zeros(input_u.shape[0], 1).to(self.device)  # expect DEV010
        out_x = self.critic(self.model(input_x))
        out_u = self.critic(self.model(input_u))
        return self.bce(out_x, domain_x) + self.bce(out_u, domain_u)
