# source: unnamed file of the code index (a GAN trainer's classifier test: both inputs made volatile)
# verdict: hit: the two volatile wrappers, the summed NLL read by .data[0], size_average.
import torch
import torch.nn.functional as F


class Trainer:
    def test_classifier(self):
        self.classifier.eval()
        loss = 0
        for data, target in self.test_loader:
            if self.gpu_mode:
                data = data.cuda()
                target = target.cuda()
            data = data.detach()
            target = target.detach()
            with torch.no_grad():
                out = self.classifier(data)
            loss += F.nll_loss(out, target, reduction="sum").item()
        return loss / len(self.test_loader.dataset)
