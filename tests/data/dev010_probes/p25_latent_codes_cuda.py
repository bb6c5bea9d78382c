# source: leelabcnbc/CNN_Tang_project stylegan2-ada-pytorch/test.py (a pickled generator fed latent codes)
# verdict: hit.
import pickle

import torch

with open("net.pkl", "rb") as f:
    G = pickle.load(f)["G_ema"].cuda()
z = torch.randn([1, G.z_dim]).cuda()  # expect DEV010
c = None
img = G(z, c)
