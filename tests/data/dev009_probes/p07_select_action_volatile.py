# source: stormslowly/dqn_flabby_bird_pytorch Agent.py (a greedy action picked from a volatile state)
# verdict: hit: volatile= no longer stops the graph; the value leaves through `.data`.
import random

from torch.autograd import Variable  # expect DEV009


class Agent(object):
    def __init__(self, model, n_actions):
        self.model = model
        self.n_actions = n_actions

    def act(self, state, eps=0.05):
        if random.random() > eps:
            return self.model.forward(Variable(state, volatile=True)).data.max(1)[1][0]  # expect DEV009
        return random.randrange(self.n_actions)
