# source: kaituoxu/PyTorch-ASR-AM decode.py (Kaldi matrices given a batch axis, then made a tensor)
# verdict: `mat` is what `np.expand_dims` gave (an array of at least one dimension, a view of the
#   matrix read): data, shared as the legacy call shared it, `torch.as_tensor`.
import numpy as np
import torch


def decode(reader, model):
    for index, (utterance, mat) in enumerate(reader):
        mat = np.expand_dims(mat, axis=1)
        features = torch.as_tensor(mat, dtype=torch.float32)
        scores = model(features)
        print(index, utterance, scores.size())
