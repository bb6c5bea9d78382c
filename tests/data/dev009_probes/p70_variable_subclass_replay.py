# source: hungtuchen/pytorch-dqn dqn_learn.py (the DQN homework's `Variable` subclass, copied widely)
# verdict: hit: the subclass's `__init__` never moved anything, so its calls are `Variable`'s; the
#   replay batches are moved by the code itself, the greedy step is volatile, and the class then goes.
import torch
import torch.autograd as autograd

USE_CUDA = torch.cuda.is_available()


class Variable(autograd.Variable):  # expect DEV009
    def __init__(self, data, *args, **kwargs):
        if USE_CUDA:
            data = data.cuda()
        super(Variable, self).__init__(data, *args, **kwargs)


def greedy(q_net, frame):
    frame = torch.from_numpy(frame).float().unsqueeze(0) / 255.0
    return q_net(Variable(frame, volatile=True)).data.max(1)[1].cpu()  # expect DEV009


def td_targets(target_net, next_frames, rewards, not_done, gamma):
    next_frames = Variable(torch.from_numpy(next_frames).float() / 255.0)  # expect DEV009
    rewards = Variable(torch.from_numpy(rewards))  # expect DEV009
    if USE_CUDA:
        next_frames, rewards = next_frames.cuda(), rewards.cuda()
    best = target_net(next_frames).detach().max(1)[0]
    return rewards + gamma * not_done * best
