"""A small encoder-decoder Transformer over token ids.

The model is sent to the GPU, but the source and target batches are built on the CPU and handed to it
as they are: on a GPU the forward pass stops with a device mismatch.

The token ids follow a fixed pattern. They were drawn with `torch.randint` until issue 29: DEV001's
(safe) fix creates them on the device, where a GPU draws other numbers from its own generator, and
the case passed only because the emulated GPU then shared the CPU's random stream. `autofix verify`
now judges such a rewrite "same distribution, different numbers", a failure for a safe fix.
"""

import torch
import torch.nn as nn

VOCAB = 50
D_MODEL = 32


class TinyTransformer(nn.Module):
    def __init__(self, vocab, d_model, heads=4, layers=1):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.core = nn.Transformer(
            d_model=d_model,
            nhead=heads,
            num_encoder_layers=layers,
            num_decoder_layers=layers,
            dim_feedforward=64,
            dropout=0.0,
        )
        self.head = nn.Linear(d_model, vocab)

    def forward(self, src, tgt):
        hidden = self.core(self.embed(src), self.embed(tgt))
        return self.head(hidden)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = TinyTransformer(VOCAB, D_MODEL).to(device)

    # (sequence, batch) token ids
    src = torch.arange(12 * 4, device=device).mul(7).remainder(VOCAB).view(12, 4)
    tgt = torch.arange(9 * 4, device=device).mul(3).remainder(VOCAB).view(9, 4)

    logits = model(src, tgt)
    return {"logits": logits}
