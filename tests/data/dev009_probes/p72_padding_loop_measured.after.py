# source: jiesutd/NCRFpp main.py (batchify: the padding loop of sequence taggers and RNN tutorials)
# verdict: hit: `seq` is an element of `words`, whose elements `map(len, words)` measures (no int has a
#   length): data, an unsafe fix (a torch.Size has one too); the feature column `f[:, j]` is an array.
import numpy as np
import torch


def batchify(batch):
    words = [sent[0] for sent in batch]
    labels = [sent[1] for sent in batch]
    features = [np.asarray(sent[2]) for sent in batch]
    lengths = torch.tensor(list(map(len, words)), dtype=torch.int64)  # expect DEV009
    longest = int(lengths.max())
    word_ids = torch.zeros(len(batch), longest, dtype=torch.int64)
    feature_ids = torch.zeros(len(batch), longest, dtype=torch.int64)
    for idx, (seq, label, seqlen) in enumerate(zip(words, labels, lengths)):
        seqlen = int(seqlen)
        word_ids[idx, :seqlen] = torch.as_tensor(seq, dtype=torch.int64)  # expect DEV009
        feature_ids[idx, :seqlen] = torch.as_tensor(features[idx][:, 0], dtype=torch.int64)  # expect DEV009
    chars = [sent[3] for sent in batch]
    for idx, (seq, seqlen) in enumerate(zip(chars, lengths)):
        print(idx, seq, seqlen)
    return word_ids, feature_ids
