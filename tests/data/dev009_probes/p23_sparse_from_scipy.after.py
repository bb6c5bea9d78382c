# source: unnamed file of the code index (the GCN helper that turns a SciPy matrix into a torch sparse one)
# verdict: hit: the legacy sparse constructor of a float32 COO matrix's parts.
import numpy as np
import torch


def sparse_mx_to_torch_sparse_tensor(sparse_mx):
    sparse_mx = sparse_mx.tocoo().astype(np.float32)
    indices = torch.from_numpy(np.vstack((sparse_mx.row, sparse_mx.col)).astype(np.int64))
    values = torch.from_numpy(sparse_mx.data)
    shape = torch.Size(sparse_mx.shape)
    return torch.sparse_coo_tensor(indices, values, shape)
