"""The graph convolutional network of before.py for PyTorch 2.x.

Parameters are `torch.empty(...)` filled by `nn.init.uniform_`; the features become float32 with
`torch.tensor(..., dtype=torch.float32)` and the adjacency a `torch.sparse_coo_tensor`; `log_softmax`
names `dim=1`; `model.to(device)` and `.to(device)` for the data; the validation pass runs under
`torch.no_grad()`; numbers are read with `.item()`.
"""
import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", action="store_true", default=False, help="Disables CUDA training.")
parser.add_argument("--fastmode", action="store_true", default=False, help="Validate during training pass.")
parser.add_argument("--seed", type=int, default=42, help="Random seed.")
parser.add_argument("--epochs", type=int, default=3, help="Number of epochs to train.")
parser.add_argument("--lr", type=float, default=0.01, help="Initial learning rate.")
parser.add_argument("--weight_decay", type=float, default=5e-4, help="Weight decay (L2 loss on parameters).")
parser.add_argument("--hidden", type=int, default=8, help="Number of hidden units.")
parser.add_argument("--dropout", type=float, default=0.5, help="Dropout rate (1 - keep probability).")
args = parser.parse_args()
device = torch.device("cuda" if not args.no_cuda and torch.cuda.is_available() else "cpu")


class GraphConvolution(nn.Module):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = nn.Parameter(torch.empty(in_features, out_features))
        if bias:
            self.bias = nn.Parameter(torch.empty(out_features))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.weight.size(1))
        nn.init.uniform_(self.weight, -stdv, stdv)
        if self.bias is not None:
            nn.init.uniform_(self.bias, -stdv, stdv)

    def forward(self, input, adj):
        support = torch.mm(input, self.weight)
        output = torch.sparse.mm(adj, support)
        if self.bias is not None:
            return output + self.bias
        return output


class GCN(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout):
        super().__init__()
        self.gc1 = GraphConvolution(nfeat, nhid)
        self.gc2 = GraphConvolution(nhid, nclass)
        self.dropout = dropout

    def forward(self, x, adj):
        x = F.relu(self.gc1(x, adj))
        x = F.dropout(x, self.dropout, training=self.training)
        x = self.gc2(x, adj)
        return F.log_softmax(x, dim=1)


def normalize(mx):
    """Row-normalize matrix"""
    rowsum = np.array(mx.sum(1))
    r_inv = np.power(rowsum, -1.0).flatten()
    r_inv[np.isinf(r_inv)] = 0.0
    return np.diag(r_inv).dot(mx)


def dense_to_torch_sparse_tensor(mx):
    rows, cols = np.nonzero(mx)
    indices = torch.from_numpy(np.vstack((rows, cols)).astype(np.int64))
    values = torch.from_numpy(mx[rows, cols].astype(np.float32))
    return torch.sparse_coo_tensor(indices, values, mx.shape)


def load_data(n=20, nfeat=6, nclass=3, seed=0):
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, nclass, n)
    features = rng.rand(n, nfeat) + np.eye(nclass)[labels].repeat(2, axis=1)
    same = labels[:, None] == labels[None, :]
    adj = (rng.rand(n, n) < np.where(same, 0.4, 0.05)).astype(np.float64)
    adj = np.maximum(adj, adj.T)
    features = normalize(features)
    adj = normalize(adj + np.eye(n))
    return (dense_to_torch_sparse_tensor(adj), torch.tensor(features, dtype=torch.float32),
            torch.tensor(labels, dtype=torch.long), torch.arange(0, 12), torch.arange(12, 20))


def accuracy(output, labels):
    preds = output.max(1)[1].type_as(labels)
    return preds.eq(labels).double().sum() / len(labels)


def run():
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    adj, features, labels, idx_train, idx_val = load_data()
    model = GCN(nfeat=features.shape[1], nhid=args.hidden, nclass=labels.max().item() + 1,
                dropout=args.dropout)
    model.to(device)
    optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    adj, features, labels = adj.to(device), features.to(device), labels.to(device)
    idx_train, idx_val = idx_train.to(device), idx_val.to(device)
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
            with torch.no_grad():
                output = model(features, adj)
        loss_val = F.nll_loss(output[idx_val], labels[idx_val])
        acc_val = accuracy(output[idx_val], labels[idx_val])
        row = [loss_train.item(), acc_train.item(), loss_val.item(), acc_val.item()]
        print(f"Epoch: {epoch + 1:04d}", f"loss_train: {row[0]:.4f}", f"acc_train: {row[1]:.4f}",
              f"loss_val: {row[2]:.4f}", f"acc_val: {row[3]:.4f}")
        log.append(row)
    return {"log": log}


if __name__ == "__main__":
    print(run())
