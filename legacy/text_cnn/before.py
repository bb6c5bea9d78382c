"""A Kim-style convolutional sentence classifier, after the 2017 cnn-text-classification-pytorch repo.

Batches come from a torchtext-like iterator as sequence-first `LongTensor`s with 1-based labels and
are fixed up in place with `feature.data.t_(), target.data.sub_(1)`; `args.cuda` moves them;
`corrects, avg_loss = 0, 0`, `avg_loss += loss.data[0]` with `size_average=False`, and
`corrects += (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()`.
"""
import argparse
import random
import sys

import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F

parser = argparse.ArgumentParser(description='CNN text classifier')
parser.add_argument('-lr', type=float, default=0.01)
parser.add_argument('-epochs', type=int, default=2)
parser.add_argument('-batch-size', type=int, default=4)
parser.add_argument('-log-interval', type=int, default=1)
parser.add_argument('-dropout', type=float, default=0.5)
parser.add_argument('-embed-dim', type=int, default=6)
parser.add_argument('-kernel-num', type=int, default=3)
parser.add_argument('-kernel-sizes', type=str, default='2,3')
parser.add_argument('-static', action='store_true', default=False)
parser.add_argument('-no-cuda', action='store_true', default=False)


class Batch(object):
    def __init__(self, text, label):
        self.text, self.label, self.batch_size = text, label, label.size(0)


class BatchIterator(object):
    """Sequence-first text and 1-based labels, as torchtext's iterators gave them."""

    def __init__(self, examples, batch_size):
        self.dataset = examples
        self.batch_size = batch_size

    def __iter__(self):
        for i in range(0, len(self.dataset), self.batch_size):
            chunk = self.dataset[i:i + self.batch_size]
            text = torch.LongTensor([words for words, _ in chunk]).t().contiguous()
            label = torch.LongTensor([lab + 1 for _, lab in chunk])
            yield Batch(autograd.Variable(text), autograd.Variable(label))


def make_examples(n, seed, vocab=12, length=7):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        lab = rng.randrange(2)
        words = [rng.randrange(2, vocab) for _ in range(length)]
        words[rng.randrange(length)] = lab
        out.append((words, lab))
    return out


class CNN_Text(nn.Module):
    def __init__(self, args):
        super(CNN_Text, self).__init__()
        self.args = args
        V, D, C = args.embed_num, args.embed_dim, args.class_num
        Ci, Co, Ks = 1, args.kernel_num, args.kernel_sizes
        self.embed = nn.Embedding(V, D)
        self.convs1 = nn.ModuleList([nn.Conv2d(Ci, Co, (K, D)) for K in Ks])
        self.dropout = nn.Dropout(args.dropout)
        self.fc1 = nn.Linear(len(Ks) * Co, C)

    def forward(self, x):
        x = self.embed(x)  # (N, W, D)
        if self.args.static:
            x = autograd.Variable(x)
        x = x.unsqueeze(1)  # (N, Ci, W, D)
        x = [F.relu(conv(x)).squeeze(3) for conv in self.convs1]
        x = [F.max_pool1d(i, i.size(2)).squeeze(2) for i in x]
        x = torch.cat(x, 1)
        x = self.dropout(x)
        return self.fc1(x)


def train(train_iter, model, args):
    if args.cuda:
        model.cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps = 0
    log = []
    model.train()
    for epoch in range(1, args.epochs + 1):
        for batch in train_iter:
            feature, target = batch.text, batch.label
            feature.data.t_(), target.data.sub_(1)  # batch first, index align
            if args.cuda:
                feature, target = feature.cuda(), target.cuda()
            optimizer.zero_grad()
            logit = model(feature)
            loss = F.cross_entropy(logit, target)
            loss.backward()
            optimizer.step()
            steps += 1
            if steps % args.log_interval == 0:
                corrects = (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()
                accuracy = 100.0 * corrects / batch.batch_size
                sys.stdout.write('\rBatch[{}] - loss: {:.6f}  acc: {:.4f}%({}/{})'.format(
                    steps, loss.data[0], accuracy, corrects, batch.batch_size))
                log.append(loss.data[0])
    return log


def evaluate(data_iter, model, args):
    model.eval()
    corrects, avg_loss = 0, 0
    for batch in data_iter:
        feature, target = batch.text, batch.label
        feature.data.t_(), target.data.sub_(1)
        if args.cuda:
            feature, target = feature.cuda(), target.cuda()
        logit = model(feature)
        loss = F.cross_entropy(logit, target, size_average=False)
        avg_loss += loss.data[0]
        corrects += (torch.max(logit, 1)[1].view(target.size()).data == target.data).sum()
    size = len(data_iter.dataset)
    avg_loss /= size
    accuracy = 100.0 * corrects / size
    print('\nEvaluation - loss: {:.6f}  acc: {:.4f}%({}/{})'.format(avg_loss, accuracy, corrects, size))
    return avg_loss, accuracy


def run():
    args = parser.parse_args()
    args.embed_num, args.class_num = 12, 2
    args.kernel_sizes = [int(k) for k in args.kernel_sizes.split(',')]
    args.cuda = not args.no_cuda and torch.cuda.is_available()
    torch.manual_seed(4)
    model = CNN_Text(args)
    log = train(BatchIterator(make_examples(12, 0), args.batch_size), model, args)
    loss, accuracy = evaluate(BatchIterator(make_examples(8, 1), args.batch_size), model, args)
    return {"train": log, "dev_loss": loss, "dev_accuracy": accuracy}


if __name__ == '__main__':
    print(run())
