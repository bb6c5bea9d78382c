# source: unnamed file of the code index (a LightGCN recommender's normalised adjacency, as legacy sparse)
# verdict: hit: the index constructor of two arrays, the values of an array, the sparse constructor.
import numpy as np
import scipy.sparse as sp
import torch


class Graph:
    def __init__(self, adj, device):
        self.device = device
        rowsum = np.array(adj.sum(1))
        d = sp.diags(np.power(rowsum, -0.5).flatten())
        self.norm_adj = d.dot(adj).dot(d).tocoo()
        indices = torch.tensor([self.norm_adj.row, self.norm_adj.col], dtype=torch.int64)
        values = torch.as_tensor(self.norm_adj.data, dtype=torch.float32)
        shape = torch.Size(self.norm_adj.shape)
        self.adj = torch.sparse_coo_tensor(indices, values, shape).to(self.device)
