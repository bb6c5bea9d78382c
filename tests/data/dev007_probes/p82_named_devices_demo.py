# source: search excerpt without a repository name (a device demo naming GPUs 0 and 1)
# verdict: hits: GPUs named without a question; GPU 1 is a placement (reported, not fixed), and with
#   GPU 1 in the file GPU 0 is no longer "the current GPU" either.
import torch

device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
device0 = torch.device("cuda:0")  # expect DEV007
device1 = torch.device("cuda:1")  # expect DEV007

t2 = torch.randn(1, 2).to(device)
t3 = torch.randn(1, 2).to(device0)
t4 = torch.randn(1, 2).cuda(1)  # expect DEV007
