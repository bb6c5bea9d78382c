# source: Project-MONAI/research-contributions (ICON config: device chosen by an if/else)
# verdict: look-alike.
import torch

if torch.cuda.is_available():
    device = torch.device("cuda")
else:
    device = torch.device("cpu")
