"""A modern greedy decoder with attention: the shape of seq2seq_attention/before.py.

Softmaxes name their dimension, tensors are made on the model's device, and the decoded index is
read with `.item()` once per step because the loop needs it on the host to stop at `EOS`. Nothing to
fix.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

EOS = 1


class AttnDecoder(nn.Module):
    def __init__(self, hidden, vocab, max_length):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.attn = nn.Linear(hidden * 2, max_length)
        self.combine = nn.Linear(hidden * 2, hidden)
        self.gru = nn.GRU(hidden, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, token, hidden, encoder_outputs):
        embedded = self.embedding(token).view(1, 1, -1)
        weights = F.softmax(self.attn(torch.cat((embedded[0], hidden[0]), 1)), dim=1)
        applied = torch.bmm(weights.unsqueeze(0), encoder_outputs.unsqueeze(0))
        output = F.relu(self.combine(torch.cat((embedded[0], applied[0]), 1)).unsqueeze(0))
        output, hidden = self.gru(output, hidden)
        return F.log_softmax(self.out(output[0]), dim=1), hidden, weights


@torch.no_grad()
def greedy_decode(decoder, encoder_outputs, hidden, max_length):
    device = encoder_outputs.device
    token = torch.zeros(1, 1, dtype=torch.long, device=device)
    decoded, attentions = [], []
    for _ in range(max_length):
        output, hidden, weights = decoder(token, hidden, encoder_outputs)
        attentions.append(weights)
        index = output.argmax(1).item()
        decoded.append(index)
        if index == EOS:
            break
        token = torch.tensor([[index]], device=device)
    return decoded, torch.cat(attentions)


def run():
    torch.manual_seed(5)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    decoder = AttnDecoder(8, 6, 5).to(device)
    encoder_outputs = torch.randn(5, 8, device=device)
    hidden = torch.zeros(1, 1, 8, device=device)
    decoded, attentions = greedy_decode(decoder, encoder_outputs, hidden, 5)
    return {"decoded": decoded, "attentions": attentions}


if __name__ == "__main__":
    print(run())
