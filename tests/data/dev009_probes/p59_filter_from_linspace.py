# source: mbanani/pytorch-clickhere-cnn util/vp_loss.py (a Gaussian-like filter built with NumPy)
# verdict: `density` is `np.exp` of an array made from `np.linspace`: data; the file shows it, but only
#   through NumPy's element-wise arithmetic, which the rule does not follow (report only).
import numpy as np
import torch
import torch.nn as nn


class ViewpointLoss(nn.Module):
    def __init__(self, width=7, sigma=25):
        super().__init__()
        self.kernel = self.make_kernel(width, sigma)

    def make_kernel(self, width, sigma):
        offsets = np.linspace(-width, width, 2 * width + 1)
        density = np.exp(-np.abs(offsets) / sigma)
        return torch.FloatTensor(density)[None, None, :]  # expect DEV009
