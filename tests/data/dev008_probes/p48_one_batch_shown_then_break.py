# source: LouChao98/seq2seq_with_qcfg pytorch-struct/examples/tree.py (a parser's sample trees shown from one batch)
# verdict: look-alike; the loop ends in break, so its copies run once per call, and the call is every N steps.
import torch


def show_sample(valid_iter, model, vocab):
    rows = []
    for i, ex in enumerate(valid_iter):
        words, lengths = ex.word
        words = words.cuda()
        best = model(words, lengths).argmax(-1).cpu()
        for b in range(words.shape[0]):
            tokens = [vocab[w.item()] for w in words[b]]
            rows.append((" ".join(tokens), best[b].tolist()))
        break
    return rows
