# source: qqueing/DeepSpeaker-pytorch audio_processing.py
# verdict: hit: a NumPy feature array with its axes reordered: an array, shared as before.
import numpy as np
import torch


class ToTensor:
    def __call__(self, features):
        if isinstance(features, np.ndarray):
            return torch.as_tensor(features.transpose((0, 2, 1)), dtype=torch.float32)
        return features
