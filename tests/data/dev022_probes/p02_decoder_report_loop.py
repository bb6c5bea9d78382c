# source: MaximumEntropy/Seq2Seq-PyTorch decode.py (progress printed with % formatting, xrange over batches, iteritems over a vocabulary)
# verdict: hit. Print statements and xrange; `word2id.iteritems()` has no Python 3 counterpart but `.items()`.
import torch


def decode(model, sentences, word2id, batch_size=8):
    id2word = dict((i, w) for w, i in word2id.iteritems())  # expect DEV022
    outputs = []
    for j in xrange(0, len(sentences), batch_size):  # expect DEV022
        print 'Decoding %d out of %d ' % (j, len(sentences))  # expect DEV022
        batch = torch.tensor(sentences[j:j + batch_size])
        outputs.append(model(batch).argmax(-1))
    print 'Decoded', len(outputs), 'batches'  # expect DEV022
    return [[id2word[int(i)] for i in row] for out in outputs for row in out]
