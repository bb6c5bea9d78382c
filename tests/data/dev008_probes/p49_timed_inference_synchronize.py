# source: clownrat6/Tissue-Image-Segmentation tools/benchmark/get_inf_time.py (frames per second of a segmenter)
# verdict: look-alike; each synchronize makes the clock read after it the GPU's time.
import time

import torch


def frames_per_second(loader, model, warmup=5, limit=200):
    spent = 0.0
    for i, data in enumerate(loader):
        torch.cuda.synchronize()
        start = time.perf_counter()
        with torch.no_grad():
            model(**data)
        torch.cuda.synchronize()
        if i >= warmup:
            spent += time.perf_counter() - start
        if i + 1 == limit:
            break
    return (limit - warmup) / spent
