"""Legacy constructors whose argument is data by what the file shows around the call: a function of
the file that returns a fresh list, tuples unpacked from `zip(...)`, a NumPy array bound just before
(at the top level too), and a slice of an array. Each becomes `torch.tensor` (a list, copied as before)
or `torch.as_tensor` (an array, whose memory the legacy call shared too); the `Variable` around goes.
The tensors moved right after they are made are made on the device (DEV010).
"""

import numpy as np
import torch

VOCAB = {"<eos>": 1, "the": 2, "cat": 3, "sat": 4}

sentence_ids = [[VOCAB[w] for w in "the cat sat".split()]]
sentence_ids = np.asarray(sentence_ids)
sentence_ids = torch.as_tensor(sentence_ids, dtype=torch.int64)


def indexes_from(sentence):
    return [VOCAB[w] for w in sentence.split()]


def variable_from(sentence, device):
    return torch.tensor(indexes_from(sentence), dtype=torch.int64, device=device)


def rollout(transitions, device):
    rewards, dones = [], []
    for _ in range(2):
        obs, reward, done = zip(*transitions)
        reward = torch.tensor(reward, dtype=torch.float32, device=device)
        rewards.append(reward)
        dones.append(torch.tensor(done, dtype=torch.float32, device=device))
    return rewards, dones


def band(hz, device):
    return torch.as_tensor(hz[1:], dtype=torch.get_default_dtype(), device=device), torch.as_tensor(hz[:-1], dtype=torch.get_default_dtype(), device=device)


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    embed = torch.nn.Embedding(8, 3).to(device)
    head = torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2)).to(device)
    hz = np.linspace(30.0, 8000.0, 6)
    rewards, dones = rollout([(0, 0.5, 0.0), (1, -1.0, 1.0), (2, 2.0, 0.0)], device)
    high, low = band(hz, device)
    hidden = torch.zeros(1, 3, device=device)
    # The tensor shares the array's memory, as it did: a write to the array shows in it.
    array = np.asarray([[VOCAB["cat"], VOCAB["sat"]]])
    shared = torch.as_tensor(array, dtype=torch.int64)
    array[0, 0] = 7
    with torch.no_grad():
        return {
            "ids": embed(sentence_ids.to(device)),
            "sentence": embed(variable_from("the cat sat <eos>", device)) + hidden,
            "reward": torch.stack(rewards) * (1 - torch.stack(dones)),
            "band": head(high - low),
            "shared": embed(shared.to(device)),
        }
