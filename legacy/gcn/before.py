"""A two-layer graph convolutional network on a small random graph, after the 2017 pygcn code.

`Parameter(torch.FloatTensor(in_features, out_features))` filled by `reset_parameters` with
`self.weight.data.uniform_(-stdv, stdv)`; the float64 NumPy features and adjacency are normalised by
helpers and turned into `torch.FloatTensor(...)` and a legacy `torch.sparse.FloatTensor(indices,
values, shape)`; `F.log_softmax(x)` has no `dim`; `args.cuda` moves everything; the training loop
prints `loss_train.data[0]` and `acc_train.data[0]` (accuracy is a float64 0-dim tensor today).
"""
from __future__ import division
from __future__ import print_function

import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter

parser = argparse.ArgumentParser()
parser.add_argument('--no-cuda', action='store_true', default=False, help='Disables CUDA training.')
parser.add_argument('--fastmode', action='store_true', default=False, help='Validate during training pass.')
parser.add_argument('--seed', type=int, default=42, help='Random seed.')
parser.add_argument('--epochs', type=int, default=3, help='Number of epochs to train.')
parser.add_argument('--lr', type=float, default=0.01, help='Initial learning rate.')
parser.add_argument('--weight_decay', type=float, default=5e-4, help='Weight decay (L2 loss on parameters).')
parser.add_argument('--hidden', type=int, default=8, help='Number of hidden units.')
parser.add_argument('--dropout', type=float, default=0.5, help='Dropout rate (1 - keep probability).')
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()


class GraphConvolution(Module):
    def __init__(self, in_features, out_features, bias=True):
        super(GraphConvolution, self).__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.FloatTensor(in_features, out_features))
        if bias:
            self.bias = Parameter(torch.FloatTensor(out_features))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def forward(self, input, adj):
        support = torch.mm(input, self.weight)
        output = torch.spmm(adj, support)
        if self.bias is not None:
            return output + self.bias
        else:
            return output


class GCN(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout):
        super(GCN, self).__init__()
        self.gc1 = GraphConvolution(nfeat, nhid)
        self.gc2 = GraphConvolution(nhid, nclass)
        self.dropout = dropout

    def forward(self, x, adj):
        x = F.relu(self.gc1(x, adj))
        x = F.dropout(x, self.dropout, training=self.training)
        x = self.gc2(x, adj)
        return F.log_softmax(x)


def normalize(mx):
    """Row-normalize matrix"""
    rowsum = np.array(mx.sum(1))
    r_inv = np.power(rowsum, -1.0).flatten()
    r_inv[np.isinf(r_inv)] = 0.
    return np.diag(r_inv).dot(mx)


def dense_to_torch_sparse_tensor(mx):
    rows, cols = np.nonzero(mx)
    indices = torch.from_numpy(np.vstack((rows, cols)).astype(np.int64))
    values = torch.from_numpy(mx[rows, cols].astype(np.float32))
    shape = torch.Size(mx.shape)
    return torch.sparse.FloatTensor(indices, values, shape)


def load_data(n=20, nfeat=6, nclass=3, seed=0):
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, nclass, n)
    features = rng.rand(n, nfeat) + np.eye(nclass)[labels].repeat(2, axis=1)
    same = labels[:, None] == labels[None, :]
    adj = (rng.rand(n, n) < np.where(same, 0.4, 0.05)).astype(np.float64)
    adj = np.maximum(adj, adj.T)
    features = normalize(features)
    adj = normalize(adj + np.eye(n))
    features = torch.FloatTensor(features)
    labels = torch.LongTensor(labels)
    adj = dense_to_torch_sparse_tensor(adj)
    return adj, features, labels, torch.LongTensor(range(0, 12)), torch.LongTensor(range(12, 20))


def accuracy(output, labels):
    preds = output.max(1)[1].type_as(labels)
    correct = preds.eq(labels).double()
    correct = correct.sum()
    return correct / len(labels)


def run():
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    if args.cuda:
        torch.cuda.manual_seed(args.seed)
    adj, features, labels, idx_train, idx_val = load_data()
    model = GCN(nfeat=features.shape[1], nhid=args.hidden, nclass=labels.max() + 1, dropout=args.dropout)
    optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    if args.cuda:
        model.cuda()
        features = features.cuda()
        adj = adj.cuda()
        labels = labels.cuda()
        idx_train = idx_train.cuda()
        idx_val = idx_val.cuda()
    features, adj, labels = Variable(features), Variable(adj), Variable(labels)
    log = []
    for epoch in range(args.epochs):
        model.train()
        optimizer.zero_grad()
        output = model(features, adj)
        loss_train = F.nll_loss(output[idx_train], labels[idx_train])
        acc_train = accuracy(output[idx_train], labels[idx_train])
        loss_train.backward()
        optimizer.step()
        if not args.fastmode:
            model.eval()
            output = model(features, adj)
        loss_val = F.nll_loss(output[idx_val], labels[idx_val])
        acc_val = accuracy(output[idx_val], labels[idx_val])
        print('Epoch: {:04d}'.format(epoch + 1), 'loss_train: {:.4f}'.format(loss_train.data[0]),
              'acc_train: {:.4f}'.format(acc_train.data[0]), 'loss_val: {:.4f}'.format(loss_val.data[0]),
              'acc_val: {:.4f}'.format(acc_val.data[0]))
        log.append([loss_train.data[0], acc_train.data[0], loss_val.data[0], acc_val.data[0]])
    return {"log": log}


if __name__ == '__main__':
    print(run())
