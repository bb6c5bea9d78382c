# source: FlorianKlemt/pytorch-latent-i2a algo/ppo.py (a PPO update summing three losses per minibatch)
# verdict: hit; report only: each `.item()` waits every minibatch; the value loss is made of what the
# actor-critic returns with tensor-only methods (`.pow(2)`), a device tensor like the others.
import torch
import torch.nn as nn
import torch.optim as optim


class ProximalPolicy:
    def __init__(self, actor_critic, clip, epochs, lr):
        self.actor_critic = actor_critic
        self.clip = clip
        self.epochs = epochs
        self.optimizer = optim.Adam(actor_critic.parameters(), lr=lr)

    def update(self, rollouts, advantages):
        value_sum = policy_sum = entropy_sum = 0
        for _ in range(self.epochs):
            for obs, acts, returns, old_logp, adv in rollouts.minibatches(advantages):
                values, logp, entropy = self.actor_critic.evaluate_actions(obs, acts)
                ratio = torch.exp(logp - old_logp)
                policy_loss = -torch.min(ratio * adv, torch.clamp(ratio, 1 - self.clip, 1 + self.clip) * adv).mean()
                value_loss = (returns - values).pow(2).mean()
                self.optimizer.zero_grad()
                (value_loss * 0.5 + policy_loss - entropy * 0.01).backward()
                nn.utils.clip_grad_norm_(self.actor_critic.parameters(), 0.5)
                self.optimizer.step()
                value_sum += value_loss.item()  # expect DEV008
                policy_sum += policy_loss.item()  # expect DEV008
                entropy_sum += entropy.item()  # expect DEV008
        return value_sum, policy_sum, entropy_sum
