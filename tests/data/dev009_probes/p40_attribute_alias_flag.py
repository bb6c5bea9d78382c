# source: unnamed file of the code index (a person-search demo: a GPU switch, then a type by it)
# verdict: hit on the attribute alias; its call on a fresh array is data.
import numpy as np
import torch


class Demo:
    def __init__(self, args):
        self.use_gpu = torch.cuda.is_available()
        if args.use_cpu:
            self.use_gpu = False
        self.Tensor = torch.cuda.FloatTensor if self.use_gpu else torch.FloatTensor  # expect DEV009

    def prepare(self, frame):
        img = np.ascontiguousarray(frame.transpose(2, 0, 1), dtype=np.float32) / 255.0
        return self.Tensor(img).unsqueeze(0)  # expect DEV009
