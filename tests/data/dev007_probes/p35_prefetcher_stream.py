# source: A1ex-Chen/DL_project_log (apex ImageNet example: a CUDA-stream prefetcher)
# verdict: hit on each `.cuda()` (the class needs CUDA streams as well; a report is what helps here).
import torch


class DataPrefetcher:
    def __init__(self, loader):
        self.loader = iter(loader)
        self.stream = torch.cuda.Stream()
        self.preload()

    def preload(self):
        try:
            self.next_input, self.next_target = next(self.loader)
        except StopIteration:
            self.next_input = None
            self.next_target = None
            return
        with torch.cuda.stream(self.stream):
            self.next_input = self.next_input.cuda(non_blocking=True)  # expect DEV007
            self.next_target = self.next_target.cuda(non_blocking=True)  # expect DEV007
            self.next_input = self.next_input.float()
