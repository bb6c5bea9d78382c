# source: MaximumEntropy/Seq2Seq-PyTorch decode.py (progress printed with % formatting, xrange over batches, iteritems over a vocabulary)
# verdict: hit. Print statements and xrange; `word2id.iteritems()` has no Python 3 counterpart but `.items()`.
import torch


def decode(model, sentences, word2id, batch_size=8):
    id2word = dict((i, w) for w, i in word2id.items())
    outputs = []
    for j in range(0, len(sentences), batch_size):
        print('Decoding %d out of %d ' % (j, len(sentences)))
        batch = torch.tensor(sentences[j:j + batch_size])
        outputs.append(model(batch).argmax(-1))
    print('Decoded', len(outputs), 'batches')
    return [[id2word[int(i)] for i in row] for out in outputs for row in out]
