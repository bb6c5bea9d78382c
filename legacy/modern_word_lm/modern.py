"""A modern LSTM language model: the shape of word_lm/before.py, written for PyTorch 2.x.

Hidden states are detached between batches, gradients clipped with `clip_grad_norm_`, evaluation runs
under `torch.no_grad()`, and the corpus lives on the device. Nothing to fix.
"""
import torch
import torch.nn as nn

NTOKENS = 20


class RNNModel(nn.Module):
    def __init__(self, ntoken, ninp, nhid, nlayers):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, nlayers)
        self.decoder = nn.Linear(nhid, ntoken)
        self.nhid, self.nlayers = nhid, nlayers

    def forward(self, tokens, hidden):
        output, hidden = self.rnn(self.encoder(tokens), hidden)
        return self.decoder(output), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(self.nlayers, bsz, self.nhid), weight.new_zeros(self.nlayers, bsz, self.nhid))


def batchify(data, bsz, device):
    nbatch = data.size(0) // bsz
    return data[:nbatch * bsz].view(bsz, -1).t().contiguous().to(device)


def evaluate(model, criterion, source, bptt):
    model.eval()
    total = 0.0
    hidden = model.init_hidden(source.size(1))
    with torch.no_grad():
        for i in range(0, source.size(0) - 1, bptt):
            seq_len = min(bptt, source.size(0) - 1 - i)
            output, hidden = model(source[i:i + seq_len], hidden)
            total += seq_len * criterion(output.view(-1, NTOKENS), source[i + 1:i + 1 + seq_len].reshape(-1)).item()
    return total / source.size(0)


def run():
    torch.manual_seed(1111)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    g = torch.Generator().manual_seed(0)
    corpus = torch.cumsum(torch.randint(1, 4, (64,), generator=g), 0) % NTOKENS
    train_data = batchify(corpus, 4, device)
    model = RNNModel(NTOKENS, 8, 8, 2).to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=2.0)
    bptt = 5
    for epoch in range(2):
        model.train()
        hidden = model.init_hidden(4)
        for i in range(0, train_data.size(0) - 1, bptt):
            seq_len = min(bptt, train_data.size(0) - 1 - i)
            hidden = tuple(h.detach() for h in hidden)
            optimizer.zero_grad()
            output, hidden = model(train_data[i:i + seq_len], hidden)
            loss = criterion(output.view(-1, NTOKENS), train_data[i + 1:i + 1 + seq_len].reshape(-1))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            optimizer.step()
    return {"valid": evaluate(model, criterion, train_data, bptt)}


if __name__ == "__main__":
    print(run())
