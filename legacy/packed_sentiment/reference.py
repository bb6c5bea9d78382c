"""The packed-sequence GRU of before.py for PyTorch 2.x.

Batches are made on `device`; the lengths stay a Python list (on the CPU, as `pack_padded_sequence`
requires); the hidden state is made on the input's device; `log_softmax` names `dim=1`; evaluation
runs under `torch.no_grad()`; numbers are read with `.item()`.
"""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
PAD = 0


class SentimentGRU(nn.Module):
    def __init__(self, vocab_size, embed_size, hidden_size, n_classes):
        super().__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(vocab_size, embed_size, padding_idx=PAD)
        self.gru = nn.GRU(embed_size, hidden_size)
        self.out = nn.Linear(hidden_size, n_classes)

    def forward(self, input_seqs, input_lengths):
        embedded = self.embedding(input_seqs)  # (T, B, E)
        packed = pack_padded_sequence(embedded, input_lengths)
        hidden = embedded.new_zeros(1, input_seqs.size(1), self.hidden_size)
        _, hidden = self.gru(packed, hidden)
        return F.log_softmax(self.out(hidden[-1]), dim=1)


def make_reviews(n, rng):
    out = []
    for _ in range(n):
        label = rng.randrange(2)
        length = rng.randint(2, 6)
        words = [rng.randrange(3, 12) for _ in range(length)]
        words[rng.randrange(length)] = 1 + label  # 1: "bad", 2: "good"
        out.append((words, label))
    return out


def to_batch(pairs):
    pairs = sorted(pairs, key=lambda p: len(p[0]), reverse=True)
    lengths = [len(seq) for seq, _ in pairs]
    padded = [seq + [PAD] * (lengths[0] - len(seq)) for seq, _ in pairs]
    x = torch.tensor(padded, device=device).transpose(0, 1)
    y = torch.tensor([label for _, label in pairs], device=device)
    return x, lengths, y


def run():
    rng = random.Random(0)
    torch.manual_seed(0)
    train, test = make_reviews(16, rng), make_reviews(8, rng)
    model = SentimentGRU(12, 6, 8, 2).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.02)
    history = []
    for epoch in range(3):
        epoch_loss = 0.0
        for i in range(0, len(train), 4):
            x, lengths, y = to_batch(train[i:i + 4])
            optimizer.zero_grad()
            loss = F.nll_loss(model(x, lengths), y)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
        history.append(epoch_loss / 4)
    model.eval()
    with torch.no_grad():
        x, lengths, y = to_batch(test)
        output = model(x, lengths)
        correct = output.argmax(1).eq(y).sum().item()
    return {"history": history, "correct": correct, "test_output": output}


if __name__ == "__main__":
    print(run())
