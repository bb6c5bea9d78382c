"""An N-gram language model learning word embeddings, after the 2017 "Word Embeddings: Encoding
Lexical Semantics" tutorial.

Contexts become `autograd.Variable(torch.LongTensor(context_idxs))`; `F.log_softmax(out)` has no
`dim`; the target is `autograd.Variable(torch.LongTensor([word_to_ix[target]]))`; the running loss is
a legacy one-element `torch.Tensor([0])` with `total_loss += loss.data` added to it. This script
happens to run unchanged on today's PyTorch: a migration must keep it running and its numbers equal.
"""
import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

CONTEXT_SIZE = 2
EMBEDDING_DIM = 5
test_sentence = """When forty winters shall besiege thy brow,
And dig deep trenches in thy beauty's field,
Thy youth's proud livery so gazed on now,
Will be a totter'd weed of small worth held""".split()


class NGramLanguageModeler(nn.Module):
    def __init__(self, vocab_size, embedding_dim, context_size):
        super(NGramLanguageModeler, self).__init__()
        self.embeddings = nn.Embedding(vocab_size, embedding_dim)
        self.linear1 = nn.Linear(context_size * embedding_dim, 16)
        self.linear2 = nn.Linear(16, vocab_size)

    def forward(self, inputs):
        embeds = self.embeddings(inputs).view((1, -1))
        out = F.relu(self.linear1(embeds))
        out = self.linear2(out)
        log_probs = F.log_softmax(out)
        return log_probs


def run():
    torch.manual_seed(1)
    trigrams = [([test_sentence[i], test_sentence[i + 1]], test_sentence[i + 2])
                for i in range(len(test_sentence) - 2)]
    vocab = sorted(set(test_sentence))
    word_to_ix = {word: i for i, word in enumerate(vocab)}

    losses = []
    loss_function = nn.NLLLoss()
    model = NGramLanguageModeler(len(vocab), EMBEDDING_DIM, CONTEXT_SIZE)
    optimizer = optim.SGD(model.parameters(), lr=0.001)

    for epoch in range(3):
        total_loss = torch.Tensor([0])
        for context, target in trigrams:
            context_idxs = [word_to_ix[w] for w in context]
            context_var = autograd.Variable(torch.LongTensor(context_idxs))
            model.zero_grad()
            log_probs = model(context_var)
            loss = loss_function(log_probs, autograd.Variable(torch.LongTensor([word_to_ix[target]])))
            loss.backward()
            optimizer.step()
            total_loss += loss.data
        losses.append(total_loss)
    print(losses)
    return {"losses": [l[0] for l in losses], "embedding": model.embeddings.weight.data[:3]}


if __name__ == '__main__':
    print(run())
