# source: chngdickson/my_rl_beginner_practice lecture6_prioritize_experience_reply/PER_with_DQN_CNN/agent.py
# verdict: hit. The random action is wrapped on the host and copied every exploring step.
import random

import torch


class Agent:
    def __init__(self, strategy, num_actions):
        self.step = 0
        self.strategy = strategy
        self.num_actions = num_actions
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    def select_action(self, state, policy_net):
        rate = self.strategy.rate(self.step)
        self.step += 1
        if rate > random.random():
            action = random.randrange(self.num_actions)
            return torch.tensor([action]).to(self.device)  # expect DEV010
        with torch.no_grad():
            return policy_net(state).argmax(dim=1).to(self.device)
