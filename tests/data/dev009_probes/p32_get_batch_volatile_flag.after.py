# source: unnamed file of the code index (the word-language-model batcher with an evaluation flag)
# verdict: hit: `volatile=evaluation` and the plain wrapper of a view.


def get_batch(source, i, bptt, evaluation=False):
    seq_len = min(bptt, len(source) - 1 - i)
    data = source[i : i + seq_len].detach()
    target = source[i + 1 : i + 1 + seq_len].view(-1).detach()
    return data, target
