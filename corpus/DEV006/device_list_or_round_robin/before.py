"""Negative case: pages of an embedding table go to the GPUs listed by the caller, or round-robin
(`i % n`) when there is no list; forward sends each lookup to its page's GPU.

Only the round-robin branch is DEV006's pattern, and it is reported; the explicit list is the
caller's choice, so the placement is not rewritten (the finding says why).
"""

import torch
from torch import nn


class PagedEmbedding(nn.Module):
    def __init__(self, words=40, dim=4, pages=4, device_ids=None):
        super().__init__()
        self.page_size = words // pages
        self.pages = nn.ModuleList(nn.Embedding(self.page_size, dim) for _ in range(pages))
        self.devices = []
        for i, page in enumerate(self.pages):
            if not torch.cuda.is_available():
                self.devices.append(torch.device("cpu"))
                continue
            if device_ids is not None:
                device = device_ids[i]
                page.cuda(device)
            else:
                device = i % torch.cuda.device_count()
                page.cuda(device)
            self.devices.append(torch.device("cuda", device))

    def forward(self, ids):
        rows = []
        for page, device, start in zip(self.pages, self.devices, range(0, 10**9, self.page_size)):
            mask = (ids >= start) & (ids < start + self.page_size)
            rows.append(page((ids[mask] - start).to(device)).cpu())
        return torch.cat(rows)


def run():
    torch.manual_seed(6)
    table = PagedEmbedding()
    ids = torch.arange(40)
    return {"rows": table(ids).detach()}
