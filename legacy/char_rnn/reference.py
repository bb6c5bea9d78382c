"""The character GRU of before.py for PyTorch 2.x.

Each per-character target keeps its batch dimension (`target[c].unsqueeze(0)`), the loss is read with
`.item()`, sampling runs under `torch.no_grad()` and reads the sampled index with `.item()`.
"""
import random
import string

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

all_characters = string.ascii_lowercase[:12] + " ."
n_characters = len(all_characters)
TEXT = "abc def ghi jkl. " * 6
chunk_len = 12


class CharRNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size, n_layers=1):
        super().__init__()
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
        return torch.zeros(self.n_layers, 1, self.hidden_size, device=device)


def char_tensor(s):
    return torch.tensor([all_characters.index(ch) for ch in s], dtype=torch.long, device=device)


def random_training_set():
    start_index = random.randint(0, len(TEXT) - chunk_len - 1)
    chunk = TEXT[start_index:start_index + chunk_len + 1]
    return char_tensor(chunk[:-1]), char_tensor(chunk[1:])


def train(decoder, decoder_optimizer, criterion, inp, target):
    hidden = decoder.init_hidden()
    decoder.zero_grad()
    loss = 0
    for c in range(chunk_len):
        output, hidden = decoder(inp[c], hidden)
        loss += criterion(output, target[c].unsqueeze(0))
    loss.backward()
    decoder_optimizer.step()
    return loss.item() / chunk_len


@torch.no_grad()
def evaluate(decoder, prime_str="a", predict_len=10, temperature=0.8):
    hidden = decoder.init_hidden()
    prime_input = char_tensor(prime_str)
    predicted = prime_str
    for p in range(len(prime_str) - 1):
        _, hidden = decoder(prime_input[p], hidden)
    inp = prime_input[-1]
    for p in range(predict_len):
        output, hidden = decoder(inp, hidden)
        output_dist = output.view(-1).div(temperature).exp()
        top_i = torch.multinomial(output_dist, 1).item()  # drawn where the original drew: on the device
        predicted_char = all_characters[top_i]
        predicted += predicted_char
        inp = char_tensor(predicted_char)
    return predicted


def run():
    random.seed(3)
    torch.manual_seed(3)
    decoder = CharRNN(n_characters, 16, n_characters).to(device)
    decoder_optimizer = torch.optim.Adam(decoder.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()
    all_losses = []
    loss_avg = 0.0
    for epoch in range(1, 4):
        loss = train(decoder, decoder_optimizer, criterion, *random_training_set())
        loss_avg += loss
        all_losses.append(loss)
    sample = evaluate(decoder, "ab", 8)
    print(sample)
    return {"losses": all_losses, "average": loss_avg / 3,
            "sample": [all_characters.index(ch) for ch in sample]}


if __name__ == "__main__":
    print(run())
