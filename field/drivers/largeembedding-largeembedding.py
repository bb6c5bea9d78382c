"""Driver for largeembedding-largeembedding: a 2-page LargeEmbedding with its defaults (use_cuda=True),
on one device, looked up with ids from both pages and a backward pass. The file's __main__ (a 7-GPU
demo) is not run."""

import _common
import torch

module = _common.load()
device = _common.device()
embedding = module.LargeEmbedding(n_words=100, dim_word=4, page_size=50, num_devices=1)
ids = torch.tensor([[0, 1, 60, 99], [51, 2, 3, 70]], device=device)
embedding(ids).sum().backward()
