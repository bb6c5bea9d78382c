# source: oldguard69/lvtn (server/core/test_torch.py) and marcelroed/deep-optimal-control
#   (src/settings.py): CUDA tensors made the default only when the machine has a GPU
# verdict: look-alike.
import torch

if torch.cuda.is_available():
    device = torch.device("cuda")
else:
    device = torch.device("cpu")

torch.set_default_tensor_type("torch.FloatTensor")
if device.type == "cuda":
    torch.set_default_tensor_type("torch.cuda.FloatTensor")

config = {"device": "cuda:0" if torch.cuda.is_available() else "cpu"}
