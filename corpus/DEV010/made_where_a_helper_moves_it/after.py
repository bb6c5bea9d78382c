"""A recurrent classifier whose helper moves what it is handed to the GPU when one is there; the
initial state and a row of labels are made on the host and handed to it.
"""

import torch
import torch.nn as nn

FEATURES, HIDDEN, CLASSES = 5, 6, 3


def to_var(tensor):
    if torch.cuda.is_available():
        tensor = tensor.cuda()
    return tensor


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(FEATURES, HIDDEN)
        self.fc = nn.Linear(HIDDEN, CLASSES)

    def forward(self, x):
        hidden = self._init_hidden(x.size(1))
        _, hidden = self.gru(x, hidden)
        return self.fc(hidden[-1])

    def _init_hidden(self, batch):
        hidden = torch.zeros(1, batch, HIDDEN, device="cuda" if torch.cuda.is_available() else "cpu")
        return to_var(hidden)


def run():
    torch.manual_seed(0)
    model = Classifier()
    if torch.cuda.is_available():
        model.cuda()
    x = to_var(torch.linspace(-1, 1, 7 * 4 * FEATURES, device="cuda" if torch.cuda.is_available() else "cpu").view(7, 4, FEATURES))
    labels = to_var(torch.tensor([0, 1, 2, 1], device="cuda" if torch.cuda.is_available() else "cpu"))
    loss = nn.functional.cross_entropy(model(x), labels)
    return {"loss": loss}
