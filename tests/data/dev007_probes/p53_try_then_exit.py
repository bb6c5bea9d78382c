# source: the same "maybe_cuda.py" shape, with a handler that stops the program
# verdict: hit: the handler exits, so the program still stops without a GPU.
import sys

import torch

model = torch.nn.Linear(2, 2)
try:
    model = model.cuda()  # expect DEV007
except RuntimeError:
    print("this script needs a GPU")
    sys.exit(1)
