# source: memray/seq2seq-keyphrase-pytorch pykp/model.py
# verdict: hit: energies made as a vector of len(...) elements, moved under a test, filled one by one;
#   the softmax without `dim` is over that one dimension.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.proj = nn.Linear(hidden_size, hidden_size)

    def score(self, hidden, output):
        return hidden.dot(self.proj(output))

    def forward(self, hidden, outputs):
        steps = len(outputs)
        energies = torch.zeros(steps)
        if torch.cuda.is_available():
            energies = energies.cuda()
        for i in range(steps):
            energies[i] = self.score(hidden, outputs[i])
        return F.softmax(energies, dim=0).unsqueeze(0).unsqueeze(0)
