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
        indices = torch.LongTensor([self.norm_adj.row, self.norm_adj.col])  # expect DEV009
        values = torch.FloatTensor(self.norm_adj.data)  # expect DEV009
        shape = torch.Size(self.norm_adj.shape)
        self.adj = torch.sparse.FloatTensor(indices, values, shape).to(self.device)  # expect DEV009
