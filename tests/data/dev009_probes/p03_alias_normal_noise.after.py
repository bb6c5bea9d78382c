# source: sehyeona/VAE-pytorch core/utils.py (a conditional legacy alias fed a NumPy sample)
# verdict: hit: the alias, its call on an array drawn right there, the import.
import numpy as np
import torch

cuda = True if torch.cuda.is_available() else False


def reparameterize(latent_dim, mu, logvar):
    std = torch.exp(logvar / 2)
    eps = torch.tensor(np.random.normal(0, 1, (mu.size(0), latent_dim)), dtype=torch.float32, device="cuda" if cuda else "cpu")
    return eps * std + mu
