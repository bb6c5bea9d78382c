# source: EKELE-NNOROM/GANs (GAN helper: tensor type chosen by a flag that asks the machine)
# verdict: look-alike.
import torch

cuda = True if torch.cuda.is_available() else False
Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor
