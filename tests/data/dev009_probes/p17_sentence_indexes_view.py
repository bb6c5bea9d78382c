# source: unnamed file of the code index (the seq2seq tutorial's sentence-to-tensor helper)
# verdict: hit: a list the file builds, made a LongTensor and viewed as a column.
import torch
from torch.autograd import Variable  # expect DEV009

use_cuda = torch.cuda.is_available()
EOS = 1


def indexes_of(vocab, sentence):
    return [vocab.index[w] for w in sentence.split(" ")]


def variable_of(vocab, sentence):
    idx = indexes_of(vocab, sentence)
    idx.append(EOS)
    result = Variable(torch.LongTensor(idx).view(-1, 1))  # expect DEV009
    if use_cuda:
        return result.cuda()
    return result
