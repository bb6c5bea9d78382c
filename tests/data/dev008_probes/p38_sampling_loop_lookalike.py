# source: NicolasOng/TransformerStudy generate.py (text generated token by token after training)
# verdict: look-alike; generating token by token needs each sampled token, no batch is drawn per step.
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Sequential(nn.Embedding(50, 32), nn.Linear(32, 50)).to(device)
idx = torch.zeros((1, 1), dtype=torch.long, device=device)
with torch.no_grad():
    for _ in range(100):
        logits = model(idx[:, -8:])[:, -1, :]
        probs = torch.softmax(logits, dim=-1)
        idx_next = torch.multinomial(probs, num_samples=1)
        idx = torch.cat((idx, idx_next), dim=1)
text = idx[0].tolist()
