"""Greedy decoding in the style of the 2017 seq2seq tutorial: the decoded index is read as
`ni = topi[0][0]` and the word looked up as `index2word[ni]`.

Before PyTorch 0.4 `topi[0][0]` was a Python int; since, a 0-dim tensor, which a dict hashes by
identity: `index2word[ni]` raises KeyError. It becomes `index2word[ni.item()]`. `reference()` decodes
with today's API.
"""

import torch
from torch import nn

EOS = 1


class Lang:
    def __init__(self):
        self.index2word = {0: "SOS", 1: "EOS"}
        self.n_words = 2
        for word in ["le", "chat", "noir", "dort"]:
            self.index2word[self.n_words] = word
            self.n_words += 1


def decode(lang, decoder, steps):
    decoder_input = torch.zeros(1, 6)
    words = []
    for _ in range(steps):
        decoder_output = decoder(decoder_input)
        topv, topi = decoder_output.data.topk(1)
        ni = topi[0][0]
        if ni == EOS:
            break
        words.append(lang.index2word[ni])
        decoder_input = decoder_input + decoder_output.data[:, :6]
    return words


def run():
    torch.manual_seed(4)
    lang = Lang()
    decoder = nn.Linear(6, lang.n_words)
    words = decode(lang, decoder, 5)
    return {"lengths": torch.tensor([len(w) for w in words]), "count": torch.tensor(len(words))}


def reference():
    torch.manual_seed(4)
    lang = Lang()
    decoder = nn.Linear(6, lang.n_words)
    decoder_input = torch.zeros(1, 6)
    words = []
    with torch.no_grad():
        for _ in range(5):
            out = decoder(decoder_input)
            ni = out.topk(1)[1][0, 0].item()
            if ni == EOS:
                break
            words.append(lang.index2word[ni])
            decoder_input = decoder_input + out[:, :6]
    return {"lengths": torch.tensor([len(w) for w in words]), "count": torch.tensor(len(words))}
