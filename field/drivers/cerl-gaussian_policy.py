"""Driver for cerl-gaussian_policy: the policy on the device, sample() with a backward pass and a
deterministic action. models.model_utils (a sibling helper) is replaced by a plain MLP builder."""

import _common
import torch


def hidden_layers(state_dim, hidden_sizes, activation, layernorm):
    sizes = [state_dim, *hidden_sizes]
    layers = []
    for n_in, n_out in zip(sizes, sizes[1:]):
        layers += [torch.nn.Linear(n_in, n_out), getattr(torch.nn, activation)()]
    return layers


_common.stub("models.model_utils", create_hidden_layers=hidden_layers)
module = _common.load()
device = _common.device()
policy = module.GaussianPolicy(state_dim=4, action_dim=2, hidden_sizes=[8, 8]).to(device)
state = torch.randn(3, 4, device=device)
action, log_prob = policy.sample(state)
(action.sum() + log_prob.sum()).backward()
policy.deterministic_action(state[:1])
