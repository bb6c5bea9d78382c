# source: unnamed file of the code index (a GAN trainer's classifier test: both inputs made volatile)
# verdict: hit: the two volatile wrappers, the summed NLL read by .data[0], size_average.
import torch
import torch.nn.functional as F
from torch.autograd import Variable  # expect DEV009


class Trainer:
    def test_classifier(self):
        self.classifier.eval()
        loss = 0
        for data, target in self.test_loader:
            if self.gpu_mode:
                data = data.cuda()
                target = target.cuda()
            data = Variable(data, volatile=True)  # expect DEV009
            target = Variable(target, volatile=True)  # expect DEV009
            out = self.classifier(data)
            loss += F.nll_loss(out, target, size_average=False).data[0]  # expect DEV011, expect DEV013
        return loss / len(self.test_loader.dataset)
