# source: varsha-raveendran/ikshana (device and DataLoader kwargs from one availability flag)
# verdict: look-alike.
import torch

use_cuda = torch.cuda.is_available()
DEVICE = torch.device("cuda" if use_cuda else "cpu")
LOADER_kwargs = {"num_workers": 1, "pin_memory": True} if use_cuda else {}
