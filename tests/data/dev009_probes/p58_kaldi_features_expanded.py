# source: kaituoxu/PyTorch-ASR-AM decode.py (Kaldi matrices given a batch axis, then made a tensor)
# verdict: `mat` is what `np.expand_dims` gave (an array of at least one dimension, a view of the
#   matrix read): data, shared as the legacy call shared it, `torch.as_tensor`.
import numpy as np
import torch
from torch.autograd import Variable  # expect DEV009


def decode(reader, model):
    for index, (utterance, mat) in enumerate(reader):
        mat = np.expand_dims(mat, axis=1)
        features = torch.FloatTensor(mat)  # expect DEV009
        scores = model(Variable(features, requires_grad=False))  # expect DEV009
        print(index, utterance, scores.size())
