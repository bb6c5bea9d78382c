# source: Guldfisk5682/DeepTorch-Journey (utils/try_device; the variant that keeps the answer in a name)
# verdict: look-alike: `available` is the machine's answer.
import torch

available = torch.cuda.is_available()
model = torch.nn.Linear(2, 2)
if available:
    model = model.cuda()
