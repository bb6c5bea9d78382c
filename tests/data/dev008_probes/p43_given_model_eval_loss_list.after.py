# source: LinjianLi/Seq2Seq-PyTorch seq2seq/evaluator/evaluator.py (an evaluator class handed its model by a trainer elsewhere)
# verdict: hit; the file names no device, but its caller puts the model on the GPU: each batch's loss waits.
import torch


class Scorer:
    def __init__(self, loss_fn, batches):
        self.loss_fn = loss_fn
        self.batches = batches

    def score(self, model):
        per_batch = []
        model.eval()
        with torch.no_grad():
            for batch in self.batches:
                out = model(batch)
                per_batch.append(self.loss_fn(out, batch["gold"]).detach().reshape(()))  # expect DEV008
            per_batch = torch.stack(per_batch).tolist() if per_batch else []
        return sum(per_batch) / len(per_batch), per_batch
