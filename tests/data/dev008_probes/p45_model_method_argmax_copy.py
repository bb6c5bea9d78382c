# source: jiangqn/seq2seq trainer/eval.py (greedy translation through a model method, ids copied for text)
# verdict: hit; argmax(dim=1) is a tensor's method, so what the model's translate() gave is a tensor.
import torch


def translate_all(model, batches, vocab, limit):
    sentences = []
    with torch.no_grad():
        for src, tgt in batches:
            src = src.cuda()
            scores = model.translate(src, limit)
            ids = scores.argmax(dim=1)
            ids = ids.cpu().numpy()  # expect DEV008
            sentences.extend([" ".join(vocab[i] for i in row) for row in ids])
    return sentences
