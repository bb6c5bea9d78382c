# source: AmeetR/DQN-Pong utils.py (an observation converted in one helper, moved where it is used)
# verdict: look-alike. The conversion shares the array's memory and the move is of a parameter.
import numpy as np
import torch


def get_state(obs):
    state = np.array(obs).transpose((2, 0, 1))
    state = torch.from_numpy(state)
    return state.unsqueeze(0)


def greedy_action(state, policy_net):
    with torch.no_grad():
        return policy_net(state.cuda()).max(1)[1].view(1, 1)
