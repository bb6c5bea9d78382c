"""The N-gram language model of before.py for PyTorch 2.x: explicit `dim`, `torch.tensor`, `.item()`."""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

CONTEXT_SIZE = 2
EMBEDDING_DIM = 5
test_sentence = """When forty winters shall besiege thy brow,
And dig deep trenches in thy beauty's field,
Thy youth's proud livery so gazed on now,
Will be a totter'd weed of small worth held""".split()


class NGramLanguageModeler(nn.Module):
    def __init__(self, vocab_size, embedding_dim, context_size):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, embedding_dim)
        self.linear1 = nn.Linear(context_size * embedding_dim, 16)
        self.linear2 = nn.Linear(16, vocab_size)

    def forward(self, inputs):
        embeds = self.embeddings(inputs).view((1, -1))
        out = F.relu(self.linear1(embeds))
        out = self.linear2(out)
        return F.log_softmax(out, dim=1)


def run():
    torch.manual_seed(1)
    trigrams = [([test_sentence[i], test_sentence[i + 1]], test_sentence[i + 2])
                for i in range(len(test_sentence) - 2)]
    vocab = sorted(set(test_sentence))
    word_to_ix = {word: i for i, word in enumerate(vocab)}

    losses = []
    loss_function = nn.NLLLoss()
    model = NGramLanguageModeler(len(vocab), EMBEDDING_DIM, CONTEXT_SIZE).to(device)
    optimizer = optim.SGD(model.parameters(), lr=0.001)

    for epoch in range(3):
        total_loss = 0.0
        for context, target in trigrams:
            context_idxs = torch.tensor([word_to_ix[w] for w in context], dtype=torch.long, device=device)
            model.zero_grad()
            log_probs = model(context_idxs)
            target_idx = torch.tensor([word_to_ix[target]], dtype=torch.long, device=device)
            loss = loss_function(log_probs, target_idx)
            loss.backward()
            optimizer.step()
            total_loss += loss.item()
        losses.append(total_loss)
    print(losses)
    return {"losses": losses, "embedding": model.embeddings.weight.detach()[:3]}


if __name__ == "__main__":
    print(run())
