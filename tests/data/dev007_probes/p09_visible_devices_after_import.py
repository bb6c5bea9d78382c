# source: dwang68/image_captioning_vae (GPU picked through the environment, device asks the machine)
# verdict: look-alike.
import os

import torch

CUDA_VISIBLE_DEVICES = "2"
os.environ["CUDA_VISIBLE_DEVICES"] = CUDA_VISIBLE_DEVICES
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
