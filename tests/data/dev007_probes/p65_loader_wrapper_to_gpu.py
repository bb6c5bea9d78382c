# source: zakajd/huawei2020 (src/utils.py: a loader wrapper that sends each batch to the GPU)
# verdict: hit: both moves are unconditional `.cuda(non_blocking=True)`; the wrapper fails on the
#   first batch of a CPU-only machine. Missed: the excerpt never names the library, and the engine parses
#   only files that do (autofix/files/source.py, may_use_...).
class GpuLoader:
    def __init__(self, loader):
        self.loader = loader
        self.batch_size = loader.batch_size

    def __iter__(self):
        for batch in self.loader:
            if isinstance(batch, (tuple, list)):
                yield [part.cuda(non_blocking=True) for part in batch]  # expect DEV007 (known miss)
            else:
                yield batch.cuda(non_blocking=True)  # expect DEV007 (known miss)

    def __len__(self):
        return len(self.loader)
