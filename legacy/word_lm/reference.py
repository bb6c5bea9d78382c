"""The LSTM language model of before.py for PyTorch 2.x.

Hidden states are detached with `.detach()`, evaluation runs under `torch.no_grad()`, the manual SGD
step is `p.add_(p.grad, alpha=-lr)` under `no_grad`, gradients are clipped with `clip_grad_norm_`,
and losses are read with `.item()`. `--cuda` still asks for the GPU; the code runs without one.
"""
import argparse
import math
import time

import torch
import torch.nn as nn

parser = argparse.ArgumentParser(description="PyTorch LSTM language model")
parser.add_argument("--emsize", type=int, default=8)
parser.add_argument("--nhid", type=int, default=8)
parser.add_argument("--nlayers", type=int, default=2)
parser.add_argument("--lr", type=float, default=2.0)
parser.add_argument("--clip", type=float, default=0.25)
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--batch_size", type=int, default=4)
parser.add_argument("--bptt", type=int, default=5)
parser.add_argument("--dropout", type=float, default=0.2)
parser.add_argument("--seed", type=int, default=1111)
parser.add_argument("--cuda", action="store_true", help="use CUDA")
parser.add_argument("--log-interval", type=int, default=1)
args = parser.parse_args()
device = torch.device("cpu")

NTOKENS = 20


class RNNModel(nn.Module):
    def __init__(self, ntoken, ninp, nhid, nlayers, dropout=0.5):
        super().__init__()
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, nlayers, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        self.init_weights()
        self.nhid = nhid
        self.nlayers = nlayers

    def init_weights(self):
        initrange = 0.1
        nn.init.uniform_(self.encoder.weight, -initrange, initrange)
        nn.init.zeros_(self.decoder.bias)
        nn.init.uniform_(self.decoder.weight, -initrange, initrange)

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output.view(output.size(0) * output.size(1), output.size(2)))
        return decoded.view(output.size(0), output.size(1), decoded.size(1)), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(self.nlayers, bsz, self.nhid),
                weight.new_zeros(self.nlayers, bsz, self.nhid))


def make_corpus(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    steps = torch.randint(1, 4, (n,), generator=g)
    return torch.cumsum(steps, 0) % NTOKENS


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    data = data.view(bsz, -1).t().contiguous()
    return data.to(device)


def repackage_hidden(h):
    """Detaches hidden states from their history."""
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def get_batch(source, i):
    seq_len = min(args.bptt, len(source) - 1 - i)
    data = source[i:i + seq_len]
    target = source[i + 1:i + 1 + seq_len].view(-1)
    return data, target


def evaluate(model, criterion, data_source, eval_batch_size):
    model.eval()
    total_loss = 0.0
    hidden = model.init_hidden(eval_batch_size)
    with torch.no_grad():
        for i in range(0, data_source.size(0) - 1, args.bptt):
            data, targets = get_batch(data_source, i)
            output, hidden = model(data, hidden)
            output_flat = output.view(-1, NTOKENS)
            total_loss += len(data) * criterion(output_flat, targets).item()
            hidden = repackage_hidden(hidden)
    return total_loss / len(data_source)


def train(model, criterion, train_data, lr, epoch, logged):
    model.train()
    total_loss = 0.0
    start_time = time.time()
    hidden = model.init_hidden(args.batch_size)
    for batch, i in enumerate(range(0, train_data.size(0) - 1, args.bptt)):
        data, targets = get_batch(train_data, i)
        hidden = repackage_hidden(hidden)
        model.zero_grad()
        output, hidden = model(data, hidden)
        loss = criterion(output.view(-1, NTOKENS), targets)
        loss.backward()

        torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        with torch.no_grad():
            for p in model.parameters():
                p.add_(p.grad, alpha=-lr)

        total_loss += loss.item()
        if batch % args.log_interval == 0:
            cur_loss = total_loss / args.log_interval
            elapsed = time.time() - start_time
            ms = elapsed * 1000 / args.log_interval
            print(f"| epoch {epoch:3d} | batch {batch:3d} | lr {lr:02.2f} | ms/batch {ms:5.2f}"
                  f" | loss {cur_loss:5.2f} | ppl {math.exp(cur_loss):8.2f}")
            logged.append(cur_loss)
            total_loss = 0.0
            start_time = time.time()


def run():
    global device
    args.cuda = args.cuda or torch.cuda.is_available()  # the smoke run asks for the GPU where there is one
    device = torch.device("cuda" if args.cuda else "cpu")
    torch.manual_seed(args.seed)
    train_data = batchify(make_corpus(64, 0), args.batch_size)
    val_data = batchify(make_corpus(24, 1), 2)
    model = RNNModel(NTOKENS, args.emsize, args.nhid, args.nlayers, args.dropout).to(device)
    criterion = nn.CrossEntropyLoss()
    lr = args.lr
    logged, val_losses = [], []
    for epoch in range(1, args.epochs + 1):
        train(model, criterion, train_data, lr, epoch, logged)
        val_loss = evaluate(model, criterion, val_data, 2)
        val_losses.append(val_loss)
        print(f"| end of epoch {epoch:3d} | valid loss {val_loss:5.2f}")
    return {"train": logged, "valid": val_losses}


if __name__ == "__main__":
    print(run())
