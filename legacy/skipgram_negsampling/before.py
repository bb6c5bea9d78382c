"""Skip-gram word vectors with negative sampling, as 2017 word2vec re-implementations wrote them.

Word pairs and negatives are drawn with NumPy (a unigram^0.75 table) and wrapped as
`Variable(torch.LongTensor(pos_u))`, moved with `.cuda()` when `use_cuda`; embeddings are initialised
with `self.u_embeddings.weight.data.uniform_(-initrange, initrange)`; the score uses `torch.bmm` and
`F.logsigmoid`; the loss is logged with `loss.data[0]` and the vectors saved with `.data.cpu().numpy()`.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()

CORPUS = ("the quick brown fox jumps over the lazy dog the dog sleeps the fox runs "
          "a quick dog jumps a lazy fox sleeps").split()


class SkipGramModel(nn.Module):
    def __init__(self, emb_size, emb_dimension):
        super(SkipGramModel, self).__init__()
        self.emb_size = emb_size
        self.emb_dimension = emb_dimension
        self.u_embeddings = nn.Embedding(emb_size, emb_dimension)
        self.v_embeddings = nn.Embedding(emb_size, emb_dimension)
        self.init_emb()

    def init_emb(self):
        initrange = 0.5 / self.emb_dimension
        self.u_embeddings.weight.data.uniform_(-initrange, initrange)
        self.v_embeddings.weight.data.uniform_(-0, 0)

    def forward(self, pos_u, pos_v, neg_v):
        emb_u = self.u_embeddings(pos_u)
        emb_v = self.v_embeddings(pos_v)
        score = torch.mul(emb_u, emb_v).squeeze()
        score = torch.sum(score, dim=1)
        score = F.logsigmoid(score)
        neg_emb_v = self.v_embeddings(neg_v)
        neg_score = torch.bmm(neg_emb_v, emb_u.unsqueeze(2)).squeeze()
        neg_score = F.logsigmoid(-1 * neg_score)
        return -1 * (torch.sum(score) + torch.sum(neg_score))


def make_pairs(words, word2id, window=2):
    pairs = []
    for i, w in enumerate(words):
        for j in range(max(0, i - window), min(len(words), i + window + 1)):
            if j != i:
                pairs.append((word2id[w], word2id[words[j]]))
    return pairs


def run():
    np.random.seed(0)
    torch.manual_seed(0)
    vocab = sorted(set(CORPUS))
    word2id = {w: i for i, w in enumerate(vocab)}
    counts = np.array([CORPUS.count(w) for w in vocab], dtype=np.float64)
    table = counts ** 0.75 / np.sum(counts ** 0.75)
    pairs = make_pairs(CORPUS, word2id)

    model = SkipGramModel(len(vocab), 6)
    if use_cuda:
        model.cuda()
    optimizer = optim.SGD(model.parameters(), lr=0.2)
    losses = []
    for step in range(4):
        batch = [pairs[i] for i in np.random.choice(len(pairs), 8)]
        pos_u = [u for u, _ in batch]
        pos_v = [v for _, v in batch]
        neg_v = np.random.choice(len(vocab), size=(8, 3), p=table)
        pos_u = Variable(torch.LongTensor(pos_u))
        pos_v = Variable(torch.LongTensor(pos_v))
        neg_v = Variable(torch.LongTensor(neg_v))
        if use_cuda:
            pos_u, pos_v, neg_v = pos_u.cuda(), pos_v.cuda(), neg_v.cuda()
        optimizer.zero_grad()
        loss = model.forward(pos_u, pos_v, neg_v)
        loss.backward()
        optimizer.step()
        print('step %d loss %.4f' % (step, loss.data[0]))
        losses.append(loss.data[0])
    embedding = model.u_embeddings.weight.data.cpu().numpy()
    return {"losses": losses, "embedding": embedding}


if __name__ == '__main__':
    print(run())
