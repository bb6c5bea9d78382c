"""Negative case: one training step of a small encoder-decoder Transformer, done right.

The model is moved first, the optimizer is built after the move, and every input and label is
created on the model's device; the loss stays on the device until the step is done.
"""

import torch
import torch.nn as nn

VOCAB = 40


class Seq2SeqTransformer(nn.Module):
    def __init__(self, vocab=VOCAB, d_model=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.core = nn.Transformer(d_model, nhead=4, num_encoder_layers=1, num_decoder_layers=1,
                                   dim_feedforward=64, dropout=0.0)
        self.head = nn.Linear(d_model, vocab)

    def forward(self, src, tgt):
        return self.head(self.core(self.embed(src), self.embed(tgt)))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = Seq2SeqTransformer().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()

    src = torch.randint(0, VOCAB, (10, 3), device=device)
    tgt = torch.randint(0, VOCAB, (8, 3), device=device)
    labels = torch.randint(0, VOCAB, (8, 3), device=device)

    optimizer.zero_grad()
    logits = model(src, tgt)
    loss = loss_fn(logits.view(-1, VOCAB), labels.view(-1))
    loss.backward()
    optimizer.step()
    return {"loss": loss.detach(), "head": model.head.weight.detach()}
