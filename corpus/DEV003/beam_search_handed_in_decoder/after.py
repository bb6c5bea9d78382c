"""A beam-search wrapper around a decoder it is handed, in the style of 2018 seq2seq libraries.

The wrapper builds no layer of its own: `self.rnn` is whatever the caller passed in, so nothing in
this class proves it has parameters. Its start tokens, beam offsets and initial scores are legacy
constructors (`torch.LongTensor([...])`, `torch.Tensor(n, 1)`) made on the CPU, which meet the
decoder's GPU output in the first step. The fix creates them on the module's device,
`next(self.parameters()).device`: right whenever the decoder is a module with parameters, an
assumption the fix states, so it is applied only as an unsafe fix.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class StepDecoder(nn.Module):
    def __init__(self, vocab, hidden, sos_id):
        super().__init__()
        self.sos_id = sos_id
        self.output_size = vocab
        self.embedding = nn.Embedding(vocab, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward_step(self, token, hidden):
        hidden = self.cell(self.embedding(token.view(-1)), hidden)
        return F.log_softmax(self.out(hidden), dim=-1), hidden


class BeamDecoder(nn.Module):
    def __init__(self, decoder_rnn, k):
        super().__init__()
        self.rnn = decoder_rnn
        self.k = k
        self.V = self.rnn.output_size

    def forward(self, encoder_hidden=None, steps=3):
        batch_size = encoder_hidden.size(0)
        hidden = encoder_hidden.repeat_interleave(self.k, dim=0)
        pos_index = (torch.tensor(range(batch_size), dtype=torch.int64, device=next(self.parameters()).device) * self.k).view(-1, 1)
        scores = torch.empty(batch_size * self.k, 1, device=next(self.parameters()).device)
        scores.fill_(-float("Inf"))
        scores.index_fill_(0, torch.tensor([i * self.k for i in range(batch_size)], dtype=torch.int64, device=next(self.parameters()).device), 0.0)
        token = torch.transpose(torch.tensor([[self.rnn.sos_id] * batch_size * self.k], dtype=torch.int64, device=next(self.parameters()).device), 0, 1)
        for _ in range(steps):
            log_probs, hidden = self.rnn.forward_step(token, hidden)
            scores = (scores + log_probs).view(batch_size, -1)
            scores, candidates = scores.topk(self.k, dim=1)
            token = (candidates % self.V).view(-1, 1)
            origin = (candidates // self.V + pos_index).view(-1)
            hidden = hidden.index_select(0, origin)
            scores = scores.view(-1, 1)
        return scores.view(batch_size, self.k), token.view(batch_size, self.k)


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    beam = BeamDecoder(StepDecoder(vocab=11, hidden=6, sos_id=1), k=3).to(device)
    encoder_hidden = torch.randn(2, 6, device=device)
    scores, tokens = beam(encoder_hidden)
    return {"scores": scores, "tokens": tokens}
