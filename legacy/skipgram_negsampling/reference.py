"""The skip-gram model of before.py for PyTorch 2.x.

Index batches are made with `torch.as_tensor(..., dtype=torch.long, device=device)`, embeddings are
initialised with `nn.init.uniform_`/`zeros_`, the loss is read with `.item()`, and the vectors are
read back with `.detach().cpu().numpy()`.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

CORPUS = ("the quick brown fox jumps over the lazy dog the dog sleeps the fox runs "
          "a quick dog jumps a lazy fox sleeps").split()


class SkipGramModel(nn.Module):
    def __init__(self, emb_size, emb_dimension):
        super().__init__()
        self.emb_size = emb_size
        self.emb_dimension = emb_dimension
        self.u_embeddings = nn.Embedding(emb_size, emb_dimension)
        self.v_embeddings = nn.Embedding(emb_size, emb_dimension)
        self.init_emb()

    def init_emb(self):
        initrange = 0.5 / self.emb_dimension
        nn.init.uniform_(self.u_embeddings.weight, -initrange, initrange)
        nn.init.zeros_(self.v_embeddings.weight)

    def forward(self, pos_u, pos_v, neg_v):
        emb_u = self.u_embeddings(pos_u)
        emb_v = self.v_embeddings(pos_v)
        score = torch.sum(torch.mul(emb_u, emb_v).squeeze(), dim=1)
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

    model = SkipGramModel(len(vocab), 6).to(device)
    optimizer = optim.SGD(model.parameters(), lr=0.2)
    losses = []
    for step in range(4):
        batch = [pairs[i] for i in np.random.choice(len(pairs), 8)]
        pos_u = torch.as_tensor([u for u, _ in batch], dtype=torch.long, device=device)
        pos_v = torch.as_tensor([v for _, v in batch], dtype=torch.long, device=device)
        negatives = np.random.choice(len(vocab), size=(8, 3), p=table)
        neg_v = torch.as_tensor(negatives, dtype=torch.long, device=device)
        optimizer.zero_grad()
        loss = model(pos_u, pos_v, neg_v)
        loss.backward()
        optimizer.step()
        print(f"step {step} loss {loss.item():.4f}")
        losses.append(loss.item())
    embedding = model.u_embeddings.weight.detach().cpu().numpy()
    return {"losses": losses, "embedding": embedding}


if __name__ == "__main__":
    print(run())
