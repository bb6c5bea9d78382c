"""The convolutional sentence classifier of before.py for PyTorch 2.x.

Batches are turned batch-first and 0-based out of place (`text.t()`, `label - 1`: an in-place change
to `.data` no longer reaches the tensor itself), moved to `device`, the summed evaluation loss uses
`reduction="sum"` under `torch.no_grad()`, and numbers are read with `.item()`.
"""
import argparse
import random
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

parser = argparse.ArgumentParser(description="CNN text classifier")
parser.add_argument("-lr", type=float, default=0.01)
parser.add_argument("-epochs", type=int, default=2)
parser.add_argument("-batch-size", type=int, default=4)
parser.add_argument("-log-interval", type=int, default=1)
parser.add_argument("-dropout", type=float, default=0.5)
parser.add_argument("-embed-dim", type=int, default=6)
parser.add_argument("-kernel-num", type=int, default=3)
parser.add_argument("-kernel-sizes", type=str, default="2,3")
parser.add_argument("-static", action="store_true", default=False)
parser.add_argument("-no-cuda", action="store_true", default=False)


class Batch:
    def __init__(self, text, label):
        self.text, self.label, self.batch_size = text, label, label.size(0)


class BatchIterator:
    """Sequence-first text and 1-based labels, as torchtext's iterators gave them."""

    def __init__(self, examples, batch_size):
        self.dataset = examples
        self.batch_size = batch_size

    def __iter__(self):
        for i in range(0, len(self.dataset), self.batch_size):
            chunk = self.dataset[i:i + self.batch_size]
            text = torch.tensor([words for words, _ in chunk]).t().contiguous()
            label = torch.tensor([lab + 1 for _, lab in chunk])
            yield Batch(text, label)


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
        super().__init__()
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
            x = x.detach()
        x = x.unsqueeze(1)  # (N, Ci, W, D)
        x = [F.relu(conv(x)).squeeze(3) for conv in self.convs1]
        x = [F.max_pool1d(i, i.size(2)).squeeze(2) for i in x]
        x = torch.cat(x, 1)
        x = self.dropout(x)
        return self.fc1(x)


def prepare(batch, device):
    return batch.text.t().to(device), (batch.label - 1).to(device)


def train(train_iter, model, args, device):
    model.to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps = 0
    log = []
    model.train()
    for epoch in range(1, args.epochs + 1):
        for batch in train_iter:
            feature, target = prepare(batch, device)
            optimizer.zero_grad()
            logit = model(feature)
            loss = F.cross_entropy(logit, target)
            loss.backward()
            optimizer.step()
            steps += 1
            if steps % args.log_interval == 0:
                corrects = (logit.argmax(1).view(target.size()) == target).sum().item()
                accuracy = 100.0 * corrects / batch.batch_size
                sys.stdout.write(f"\rBatch[{steps}] - loss: {loss.item():.6f}  acc: {accuracy:.4f}%"
                                 f"({corrects}/{batch.batch_size})")
                log.append(loss.item())
    return log


def evaluate(data_iter, model, args, device):
    model.eval()
    corrects, avg_loss = 0, 0.0
    with torch.no_grad():
        for batch in data_iter:
            feature, target = prepare(batch, device)
            logit = model(feature)
            avg_loss += F.cross_entropy(logit, target, reduction="sum").item()
            corrects += (logit.argmax(1).view(target.size()) == target).sum().item()
    size = len(data_iter.dataset)
    avg_loss /= size
    accuracy = 100.0 * corrects / size
    print(f"\nEvaluation - loss: {avg_loss:.6f}  acc: {accuracy:.4f}%({corrects}/{size})")
    return avg_loss, accuracy


def run():
    args = parser.parse_args()
    args.embed_num, args.class_num = 12, 2
    args.kernel_sizes = [int(k) for k in args.kernel_sizes.split(",")]
    device = torch.device("cuda" if not args.no_cuda and torch.cuda.is_available() else "cpu")
    torch.manual_seed(4)
    model = CNN_Text(args)
    log = train(BatchIterator(make_examples(12, 0), args.batch_size), model, args, device)
    loss, accuracy = evaluate(BatchIterator(make_examples(8, 1), args.batch_size), model, args, device)
    return {"train": log, "dev_loss": loss, "dev_accuracy": accuracy}


if __name__ == "__main__":
    print(run())
