# source: NitishNaineni/Multi-Agent-Flocking ppo.py (a vectorised-env rollout storing done masks)
# verdict: `reward` and `done` come unpacked from `envs.step(...)`, arrays of one entry per
#   environment; `1 - done` is such an array too, data for the float type, as is `reward`. Both read
#   as data, `torch.as_tensor(..., dtype=torch.float32)`, unsafe (an int there was a size); DEV010 then
#   makes them on the device.
import torch


class Rollout:
    def __init__(self, model, device):
        self.model = model
        self.device = device

    def collect(self, envs, state, steps):
        rewards, masks = [], []
        for _ in range(steps):
            state = torch.as_tensor(state, dtype=torch.float32).to(self.device)
            dist, value = self.model(state)
            action = dist.sample()
            next_state, reward, done, _ = envs.step(action.cpu().numpy())
            rewards.append(torch.as_tensor(reward, dtype=torch.float32).unsqueeze(1).to(self.device))
            masks.append(torch.as_tensor(1 - done, dtype=torch.float32).unsqueeze(1).to(self.device))
            state = next_state
        return rewards, masks
