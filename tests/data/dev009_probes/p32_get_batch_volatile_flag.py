# source: unnamed file of the code index (the word-language-model batcher with an evaluation flag)
# verdict: hit: `volatile=evaluation` and the plain wrapper of a view.
from torch.autograd import Variable  # expect DEV009


def get_batch(source, i, bptt, evaluation=False):
    seq_len = min(bptt, len(source) - 1 - i)
    data = Variable(source[i : i + seq_len], volatile=evaluation)  # expect DEV009
    target = Variable(source[i + 1 : i + 1 + seq_len].view(-1))  # expect DEV009
    return data, target
