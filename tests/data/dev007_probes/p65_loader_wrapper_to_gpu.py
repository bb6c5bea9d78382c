# source: zakajd/huawei2020 (src/utils.py: a loader wrapper that sends each batch to the GPU)
# verdict: hit: both moves are unconditional `.cuda(non_blocking=True)`; the wrapper fails on the
#   first batch of a CPU-only machine. The excerpt never names the library: read as a file that may
#   choose its GPU (autofix/files/source.py, may_choose_gpu); reported, not fixed (no `torch` to ask).
class GpuLoader:
    def __init__(self, loader):
        self.loader = loader
        self.batch_size = loader.batch_size

    def __iter__(self):
        for batch in self.loader:
            if isinstance(batch, (tuple, list)):
                yield [part.cuda(non_blocking=True) for part in batch]  # expect DEV007
            else:
                yield batch.cuda(non_blocking=True)  # expect DEV007

    def __len__(self):
        return len(self.loader)
