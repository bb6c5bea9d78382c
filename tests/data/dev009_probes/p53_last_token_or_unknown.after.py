# source: memray/seq2seq-keyphrase-pytorch beam_search.py
# verdict: hit: the last token of each hypothesis, or the unknown word's id: a choice of two lists.
import torch


def next_inputs(hypotheses, vocab_size, unk):
    step = [
        torch.tensor([h[-1]] if h[-1] < vocab_size else [unk], dtype=torch.int64)
        for h in hypotheses
    ]
    return torch.cat(step).view(len(hypotheses), -1)
