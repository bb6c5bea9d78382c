# source: Cbcasper/word-embeddings (src/device.py: CPU, upgraded to MPS, then to GPU 0, each when present)
# verdict: look-alike: "cuda:0" is stored only under the machine's yes.
import torch

device = "cpu"
if torch.backends.mps.is_available():
    device = "mps"
if torch.cuda.is_available():
    device = "cuda:0"
