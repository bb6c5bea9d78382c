# source: sehyeona/VAE-pytorch core/utils.py (a conditional legacy alias fed a NumPy sample)
# verdict: hit: the alias, its call on an array drawn right there, the import.
import numpy as np
import torch
from torch.autograd import Variable  # expect DEV009

cuda = True if torch.cuda.is_available() else False
Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor  # expect DEV009


def reparameterize(latent_dim, mu, logvar):
    std = torch.exp(logvar / 2)
    eps = Variable(Tensor(np.random.normal(0, 1, (mu.size(0), latent_dim))))  # expect DEV009
    return eps * std + mu
