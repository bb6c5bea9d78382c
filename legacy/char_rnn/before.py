"""A character-level GRU that learns and samples text, after the 2017 practical-pytorch notebook.

`char_tensor` returns a `Variable`; `init_hidden()` returns `Variable(torch.zeros(...))`, moved with
`.cuda()` when `USE_CUDA`; the loss of a chunk is a sum of per-character losses against `target[c]`
(a one-element Variable then, a 0-dim tensor since 0.4), reported as `loss.data[0] / chunk_len`;
sampling reads `output.data.view(-1).div(temperature).exp()` and `torch.multinomial(...)[0]`.
"""
import random
import string

import torch
import torch.nn as nn
from torch.autograd import Variable

USE_CUDA = torch.cuda.is_available()

all_characters = string.ascii_lowercase[:12] + ' .'
n_characters = len(all_characters)
TEXT = 'abc def ghi jkl. ' * 6
chunk_len = 12


class CharRNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size, n_layers=1):
        super(CharRNN, self).__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.output_size = output_size
        self.n_layers = n_layers
        self.encoder = nn.Embedding(input_size, hidden_size)
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers)
        self.decoder = nn.Linear(hidden_size, output_size)

    def forward(self, input, hidden):
        input = self.encoder(input.view(1, -1))
        output, hidden = self.gru(input.view(1, 1, -1), hidden)
        output = self.decoder(output.view(1, -1))
        return output, hidden

    def init_hidden(self):
        return Variable(torch.zeros(self.n_layers, 1, self.hidden_size))


def char_tensor(s):
    tensor = torch.zeros(len(s)).long()
    for c in range(len(s)):
        tensor[c] = all_characters.index(s[c])
    return Variable(tensor)


def random_training_set():
    start_index = random.randint(0, len(TEXT) - chunk_len - 1)
    chunk = TEXT[start_index:start_index + chunk_len + 1]
    inp = char_tensor(chunk[:-1])
    target = char_tensor(chunk[1:])
    if USE_CUDA:
        inp, target = inp.cuda(), target.cuda()
    return inp, target


def train(decoder, decoder_optimizer, criterion, inp, target):
    hidden = decoder.init_hidden()
    if USE_CUDA:
        hidden = hidden.cuda()
    decoder.zero_grad()
    loss = 0
    for c in range(chunk_len):
        output, hidden = decoder(inp[c], hidden)
        loss += criterion(output, target[c])
    loss.backward()
    decoder_optimizer.step()
    return loss.data[0] / chunk_len


def evaluate(decoder, prime_str='a', predict_len=10, temperature=0.8):
    hidden = decoder.init_hidden()
    prime_input = char_tensor(prime_str)
    if USE_CUDA:
        hidden, prime_input = hidden.cuda(), prime_input.cuda()
    predicted = prime_str
    for p in range(len(prime_str) - 1):
        _, hidden = decoder(prime_input[p], hidden)
    inp = prime_input[-1]
    for p in range(predict_len):
        output, hidden = decoder(inp, hidden)
        output_dist = output.data.view(-1).div(temperature).exp()
        top_i = torch.multinomial(output_dist, 1)[0]
        predicted_char = all_characters[top_i]
        predicted += predicted_char
        inp = char_tensor(predicted_char)
        if USE_CUDA:
            inp = inp.cuda()
    return predicted


def run():
    random.seed(3)
    torch.manual_seed(3)
    decoder = CharRNN(n_characters, 16, n_characters)
    if USE_CUDA:
        decoder.cuda()
    decoder_optimizer = torch.optim.Adam(decoder.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()
    all_losses = []
    loss_avg = 0
    for epoch in range(1, 4):
        loss = train(decoder, decoder_optimizer, criterion, *random_training_set())
        loss_avg += loss
        all_losses.append(loss)
    sample = evaluate(decoder, 'ab', 8)
    print(sample)
    return {"losses": all_losses, "average": loss_avg / 3,
            "sample": [all_characters.index(ch) for ch in sample]}


if __name__ == '__main__':
    print(run())
