"""A word-level LSTM language model in the style of pytorch/examples (2017), on a synthetic corpus.

`init_hidden()` builds `Variable(weight.new(...).zero_())`, `repackage_hidden` tests
`type(h) == Variable`, `get_batch(..., evaluation=True)` makes `volatile` inputs, gradients are
clipped with `clip_grad_norm` and applied by hand with `p.data.add_(-lr, p.grad.data)`, and the
losses are summed as `total_loss += loss.data` and read as `total_loss[0]`.
"""
import argparse
import math
import time

import torch
import torch.nn as nn
from torch.autograd import Variable

parser = argparse.ArgumentParser(description='PyTorch LSTM language model')
parser.add_argument('--emsize', type=int, default=8)
parser.add_argument('--nhid', type=int, default=8)
parser.add_argument('--nlayers', type=int, default=2)
parser.add_argument('--lr', type=float, default=2.0)
parser.add_argument('--clip', type=float, default=0.25)
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--batch_size', type=int, default=4)
parser.add_argument('--bptt', type=int, default=5)
parser.add_argument('--dropout', type=float, default=0.2)
parser.add_argument('--seed', type=int, default=1111)
parser.add_argument('--cuda', action='store_true', help='use CUDA')
parser.add_argument('--log-interval', type=int, default=1)
args = parser.parse_args()

NTOKENS = 20


class RNNModel(nn.Module):
    def __init__(self, ntoken, ninp, nhid, nlayers, dropout=0.5):
        super(RNNModel, self).__init__()
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, nlayers, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        self.init_weights()
        self.nhid = nhid
        self.nlayers = nlayers

    def init_weights(self):
        initrange = 0.1
        self.encoder.weight.data.uniform_(-initrange, initrange)
        self.decoder.bias.data.fill_(0)
        self.decoder.weight.data.uniform_(-initrange, initrange)

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output.view(output.size(0) * output.size(1), output.size(2)))
        return decoded.view(output.size(0), output.size(1), decoded.size(1)), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters()).data
        return (Variable(weight.new(self.nlayers, bsz, self.nhid).zero_()),
                Variable(weight.new(self.nlayers, bsz, self.nhid).zero_()))


def make_corpus(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    steps = torch.randint(1, 4, (n,), generator=g)
    return torch.cumsum(steps, 0) % NTOKENS


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    data = data.view(bsz, -1).t().contiguous()
    if args.cuda:
        data = data.cuda()
    return data


def repackage_hidden(h):
    """Wraps hidden states in new Variables, to detach them from their history."""
    if type(h) == Variable:
        return Variable(h.data)
    else:
        return tuple(repackage_hidden(v) for v in h)


def get_batch(source, i, evaluation=False):
    seq_len = min(args.bptt, len(source) - 1 - i)
    data = Variable(source[i:i + seq_len], volatile=evaluation)
    target = Variable(source[i + 1:i + 1 + seq_len].view(-1))
    return data, target


def evaluate(model, criterion, data_source, eval_batch_size):
    model.eval()
    total_loss = 0
    hidden = model.init_hidden(eval_batch_size)
    for i in range(0, data_source.size(0) - 1, args.bptt):
        data, targets = get_batch(data_source, i, evaluation=True)
        output, hidden = model(data, hidden)
        output_flat = output.view(-1, NTOKENS)
        total_loss += len(data) * criterion(output_flat, targets).data
        hidden = repackage_hidden(hidden)
    return total_loss[0] / len(data_source)


def train(model, criterion, train_data, lr, epoch, logged):
    model.train()
    total_loss = 0
    start_time = time.time()
    hidden = model.init_hidden(args.batch_size)
    for batch, i in enumerate(range(0, train_data.size(0) - 1, args.bptt)):
        data, targets = get_batch(train_data, i)
        hidden = repackage_hidden(hidden)
        model.zero_grad()
        output, hidden = model(data, hidden)
        loss = criterion(output.view(-1, NTOKENS), targets)
        loss.backward()

        torch.nn.utils.clip_grad_norm(model.parameters(), args.clip)
        for p in model.parameters():
            p.data.add_(-lr, p.grad.data)

        total_loss += loss.data
        if batch % args.log_interval == 0:
            cur_loss = total_loss[0] / args.log_interval
            elapsed = time.time() - start_time
            print('| epoch {:3d} | batch {:3d} | lr {:02.2f} | ms/batch {:5.2f} | '
                  'loss {:5.2f} | ppl {:8.2f}'.format(
                      epoch, batch, lr, elapsed * 1000 / args.log_interval, cur_loss, math.exp(cur_loss)))
            logged.append(cur_loss)
            total_loss = 0
            start_time = time.time()


def run():
    args.cuda = args.cuda or torch.cuda.is_available()  # the smoke run asks for the GPU where there is one
    torch.manual_seed(args.seed)
    train_data = batchify(make_corpus(64, 0), args.batch_size)
    val_data = batchify(make_corpus(24, 1), 2)
    model = RNNModel(NTOKENS, args.emsize, args.nhid, args.nlayers, args.dropout)
    if args.cuda:
        model.cuda()
    criterion = nn.CrossEntropyLoss()
    lr = args.lr
    logged, val_losses = [], []
    for epoch in range(1, args.epochs + 1):
        train(model, criterion, train_data, lr, epoch, logged)
        val_loss = evaluate(model, criterion, val_data, 2)
        val_losses.append(val_loss)
        print('| end of epoch {:3d} | valid loss {:5.2f}'.format(epoch, val_loss))
    return {"train": logged, "valid": val_losses}


if __name__ == '__main__':
    print(run())
