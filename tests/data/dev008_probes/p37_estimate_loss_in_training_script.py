# source: AugusteBauer1/ProustGPT model/utils.py (the same estimate, called every eval_interval steps)
# verdict: hit; report only: every sampled evaluation batch waits for its loss.
import torch
import torch.nn as nn


def get_batch(split, train_data, val_data, context_size, batch_size, device):
    data = train_data if split == "train" else val_data
    ix = torch.randint(len(data) - context_size, (batch_size,))
    x = torch.stack([data[i : i + context_size] for i in ix])
    y = torch.stack([data[i + 1 : i + context_size + 1] for i in ix])
    return x.to(device), y.to(device)


@torch.no_grad()
def estimate_loss(model, eval_iters, train_data, val_data, context_size, batch_size, device):
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(eval_iters)
        for k in range(eval_iters):
            X, Y = get_batch(split, train_data, val_data, context_size, batch_size, device)
            _, loss = model(X, Y)
            losses[k] = loss.item()  # expect DEV008
        out[split] = losses.mean()
    model.train()
    return out


class Bigram(nn.Module):
    def __init__(self, vocab):
        super().__init__()
        self.table = nn.Embedding(vocab, vocab)

    def forward(self, idx, targets):
        logits = self.table(idx)
        loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss


device = "cuda" if torch.cuda.is_available() else "cpu"
data = torch.randint(0, 50, (1000,))
train_data, val_data = data[:900], data[900:]
model = Bigram(50).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for it in range(300):
    if it % 100 == 0:
        losses = estimate_loss(model, 20, train_data, val_data, 8, 4, device)
        print(f"step {it}: train {losses['train']:.4f}, val {losses['val']:.4f}")
    xb, yb = get_batch("train", train_data, val_data, 8, 4, device)
    _, loss = model(xb, yb)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
