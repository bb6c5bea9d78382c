"""A vocabulary split into pages, each page an embedding table on a GPU of its own (2017 style).

The class places its pages only when asked (`use_cuda`), but the sanity checks at the end move each
index tensor to GPU `paged.page_devices[k]`, the GPU the page would have: on a machine without a GPU
they stop there. What each check needs is the device of the page it feeds,
`next(paged.pages[k].parameters()).device`, which is the CPU where nothing was placed.
"""

import torch
import torch.nn as nn


class PagedEmbedding(nn.Module):
    def __init__(self, n_words, dim, page_size, use_cuda=torch.cuda.is_available()):
        super().__init__()
        self.page_size = page_size
        self.pages = nn.ModuleList(nn.Embedding(page_size, dim) for _ in range(0, n_words, page_size))
        self.page_devices = [i % max(torch.cuda.device_count(), 1) for i in range(len(self.pages))]
        if use_cuda:
            for page, gpu in zip(self.pages, self.page_devices):
                page.cuda(gpu)

    def forward(self, ids):
        rows = [self.pages[int(i) // self.page_size].weight[int(i) % self.page_size] for i in ids.view(-1)]
        return torch.stack([row.to(self.pages[0].weight.device) for row in rows]).view(*ids.shape, -1)


def run():
    torch.manual_seed(0)
    paged = PagedEmbedding(n_words=30, dim=4, page_size=10)
    ids = torch.tensor([[0, 11], [25, 3]])
    whole = paged(ids.to(paged.pages[0].weight.device))
    first = paged.pages[0](torch.tensor([0, 3]).cuda(paged.page_devices[0]))
    second = paged.pages[1](torch.tensor([1]).cuda(paged.page_devices[1], non_blocking=True))
    return {"whole": whole, "first": first, "second": second}
