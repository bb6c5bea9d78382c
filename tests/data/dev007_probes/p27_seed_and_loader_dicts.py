# source: ramana16/EVA4 (notebook-style loader: CUDA seed and pinned memory behind one flag)
# verdict: look-alike.
import torch

SEED = 1
cuda = torch.cuda.is_available()
print("CUDA Available?", cuda)
torch.manual_seed(SEED)
if cuda:
    torch.cuda.manual_seed(SEED)

dataloader_args = (
    dict(shuffle=True, batch_size=128, num_workers=4, pin_memory=True) if cuda else dict(shuffle=True, batch_size=64)
)
