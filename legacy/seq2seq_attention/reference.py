"""The attention seq2seq of before.py for PyTorch 2.x.

Tensors are made on `device`, softmaxes name `dim=1`, decoded indices are Python ints from
`.item()`, evaluation runs under `torch.no_grad()`, and the loss is read with `.item()`.
"""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

SOS_token = 0
EOS_token = 1
MAX_LENGTH = 6
teacher_forcing_ratio = 0.5


class Lang:
    def __init__(self, name):
        self.name = name
        self.word2index = {}
        self.index2word = {0: "SOS", 1: "EOS"}
        self.n_words = 2

    def addSentence(self, sentence):
        for word in sentence.split(" "):
            if word not in self.word2index:
                self.word2index[word] = self.n_words
                self.index2word[self.n_words] = word
                self.n_words += 1


class EncoderRNN(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(input_size, hidden_size)
        self.gru = nn.GRU(hidden_size, hidden_size)

    def forward(self, input, hidden):
        embedded = self.embedding(input).view(1, 1, -1)
        output, hidden = self.gru(embedded, hidden)
        return output, hidden

    def initHidden(self):
        return torch.zeros(1, 1, self.hidden_size, device=device)


class AttnDecoderRNN(nn.Module):
    def __init__(self, hidden_size, output_size, dropout_p=0.1, max_length=MAX_LENGTH):
        super().__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(output_size, hidden_size)
        self.attn = nn.Linear(hidden_size * 2, max_length)
        self.attn_combine = nn.Linear(hidden_size * 2, hidden_size)
        self.dropout = nn.Dropout(dropout_p)
        self.gru = nn.GRU(hidden_size, hidden_size)
        self.out = nn.Linear(hidden_size, output_size)

    def forward(self, input, hidden, encoder_outputs):
        embedded = self.embedding(input).view(1, 1, -1)
        embedded = self.dropout(embedded)
        attn_weights = F.softmax(self.attn(torch.cat((embedded[0], hidden[0]), 1)), dim=1)
        attn_applied = torch.bmm(attn_weights.unsqueeze(0), encoder_outputs.unsqueeze(0))
        output = torch.cat((embedded[0], attn_applied[0]), 1)
        output = self.attn_combine(output).unsqueeze(0)
        output = F.relu(output)
        output, hidden = self.gru(output, hidden)
        output = F.log_softmax(self.out(output[0]), dim=1)
        return output, hidden, attn_weights


def tensorFromSentence(lang, sentence):
    indexes = [lang.word2index[word] for word in sentence.split(" ")]
    indexes.append(EOS_token)
    return torch.tensor(indexes, dtype=torch.long, device=device).view(-1, 1)


def train(input_tensor, target_tensor, encoder, decoder, encoder_optimizer, decoder_optimizer, criterion):
    encoder_hidden = encoder.initHidden()
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    input_length = input_tensor.size(0)
    target_length = target_tensor.size(0)

    encoder_outputs = torch.zeros(MAX_LENGTH, encoder.hidden_size, device=device)
    loss = 0
    for ei in range(input_length):
        encoder_output, encoder_hidden = encoder(input_tensor[ei], encoder_hidden)
        encoder_outputs[ei] = encoder_output[0, 0]

    decoder_input = torch.tensor([[SOS_token]], device=device)
    decoder_hidden = encoder_hidden
    use_teacher_forcing = random.random() < teacher_forcing_ratio
    if use_teacher_forcing:
        for di in range(target_length):
            decoder_output, decoder_hidden, decoder_attention = decoder(
                decoder_input, decoder_hidden, encoder_outputs)
            loss += criterion(decoder_output, target_tensor[di])
            decoder_input = target_tensor[di]
    else:
        for di in range(target_length):
            decoder_output, decoder_hidden, decoder_attention = decoder(
                decoder_input, decoder_hidden, encoder_outputs)
            topv, topi = decoder_output.topk(1)
            ni = topi[0, 0].item()
            decoder_input = torch.tensor([[ni]], device=device)
            loss += criterion(decoder_output, target_tensor[di])
            if ni == EOS_token:
                break
    loss.backward()
    encoder_optimizer.step()
    decoder_optimizer.step()
    return loss.item() / target_length


@torch.no_grad()
def evaluate(encoder, decoder, output_lang, input_tensor):
    input_length = input_tensor.size(0)
    encoder_hidden = encoder.initHidden()
    encoder_outputs = torch.zeros(MAX_LENGTH, encoder.hidden_size, device=device)
    for ei in range(input_length):
        encoder_output, encoder_hidden = encoder(input_tensor[ei], encoder_hidden)
        encoder_outputs[ei] += encoder_output[0, 0]
    decoder_input = torch.tensor([[SOS_token]], device=device)
    decoder_hidden = encoder_hidden
    decoded_words = []
    decoder_attentions = torch.zeros(MAX_LENGTH, MAX_LENGTH)
    for di in range(MAX_LENGTH):
        decoder_output, decoder_hidden, decoder_attention = decoder(
            decoder_input, decoder_hidden, encoder_outputs)
        decoder_attentions[di] = decoder_attention.cpu()
        topv, topi = decoder_output.topk(1)
        ni = topi[0, 0].item()
        if ni == EOS_token:
            decoded_words.append("<EOS>")
            break
        decoded_words.append(output_lang.index2word[ni])
        decoder_input = torch.tensor([[ni]], device=device)
    return decoded_words, decoder_attentions[:di + 1]


def run():
    random.seed(5)
    torch.manual_seed(5)
    pairs = [("a b c", "c b a"), ("b d", "d b"), ("c a d b", "b d a c"), ("d c", "c d")]
    input_lang, output_lang = Lang("src"), Lang("tgt")
    for src, tgt in pairs:
        input_lang.addSentence(src)
        output_lang.addSentence(tgt)
    encoder = EncoderRNN(input_lang.n_words, 16).to(device)
    decoder = AttnDecoderRNN(16, output_lang.n_words).to(device)
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=0.05)
    decoder_optimizer = optim.SGD(decoder.parameters(), lr=0.05)
    criterion = nn.NLLLoss()
    losses = []
    for _ in range(1, 5):
        src, tgt = random.choice(pairs)
        loss = train(tensorFromSentence(input_lang, src), tensorFromSentence(output_lang, tgt),
                     encoder, decoder, encoder_optimizer, decoder_optimizer, criterion)
        losses.append(loss)
    words, attentions = evaluate(encoder, decoder, output_lang, tensorFromSentence(input_lang, "a b c"))
    print(" ".join(words))
    return {"losses": losses, "decoded": len(words), "attentions": attentions}


if __name__ == "__main__":
    print(run())
