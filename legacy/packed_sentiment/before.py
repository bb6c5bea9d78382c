"""A GRU sentiment classifier over padded, packed sequences, as 2018 NLP tutorials wrote it.

Sequences are sorted by length, padded into `Variable(torch.LongTensor(...))` and packed with
`pack_padded_sequence(embedded, lengths)`; the hidden state comes from
`init_hidden(batch_size)` as `Variable(torch.zeros(...))`, moved with `.cuda()` when `USE_CUDA`;
`F.log_softmax(self.out(hidden[-1]))` has no `dim`; the evaluation wraps its inputs with
`volatile=True`; `epoch_loss += loss.data[0]`, `correct += pred.eq(y.data).sum()`.
"""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.nn.utils.rnn import pack_padded_sequence

USE_CUDA = torch.cuda.is_available()
PAD = 0


class SentimentGRU(nn.Module):
    def __init__(self, vocab_size, embed_size, hidden_size, n_classes):
        super(SentimentGRU, self).__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(vocab_size, embed_size, padding_idx=PAD)
        self.gru = nn.GRU(embed_size, hidden_size)
        self.out = nn.Linear(hidden_size, n_classes)

    def init_hidden(self, batch_size):
        hidden = Variable(torch.zeros(1, batch_size, self.hidden_size))
        if USE_CUDA:
            hidden = hidden.cuda()
        return hidden

    def forward(self, input_seqs, input_lengths):
        embedded = self.embedding(input_seqs)  # (T, B, E)
        packed = pack_padded_sequence(embedded, input_lengths)
        _, hidden = self.gru(packed, self.init_hidden(input_seqs.size(1)))
        return F.log_softmax(self.out(hidden[-1]))


def make_reviews(n, rng):
    out = []
    for _ in range(n):
        label = rng.randrange(2)
        length = rng.randint(2, 6)
        words = [rng.randrange(3, 12) for _ in range(length)]
        words[rng.randrange(length)] = 1 + label  # 1: "bad", 2: "good"
        out.append((words, label))
    return out


def to_batch(pairs, volatile=False):
    pairs = sorted(pairs, key=lambda p: len(p[0]), reverse=True)
    lengths = [len(seq) for seq, _ in pairs]
    padded = [seq + [PAD] * (lengths[0] - len(seq)) for seq, _ in pairs]
    x = Variable(torch.LongTensor(padded), volatile=volatile).transpose(0, 1)
    y = Variable(torch.LongTensor([label for _, label in pairs]), volatile=volatile)
    if USE_CUDA:
        x, y = x.cuda(), y.cuda()
    return x, lengths, y


def run():
    rng = random.Random(0)
    torch.manual_seed(0)
    train, test = make_reviews(16, rng), make_reviews(8, rng)
    model = SentimentGRU(12, 6, 8, 2)
    if USE_CUDA:
        model.cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.02)
    history = []
    for epoch in range(3):
        epoch_loss = 0
        for i in range(0, len(train), 4):
            x, lengths, y = to_batch(train[i:i + 4])
            optimizer.zero_grad()
            loss = F.nll_loss(model(x, lengths), y)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.data[0]
        history.append(epoch_loss / 4)
    model.eval()
    x, lengths, y = to_batch(test, volatile=True)
    output = model(x, lengths)
    pred = output.data.max(1)[1]
    correct = pred.eq(y.data).sum()
    return {"history": history, "correct": correct, "test_output": output.data}


if __name__ == '__main__':
    print(run())
