# source: "maybe_cuda.py" helper (search excerpt without a repository name: tries a tensor on the GPU
#   and catches the AssertionError); the variant that tries the model itself
# verdict: look-alike: without a GPU the handler catches the error and the program goes on on the CPU.
import torch

model = torch.nn.Linear(2, 2)
try:
    model = model.cuda()
except (AssertionError, RuntimeError):
    print("CUDA does not work")
