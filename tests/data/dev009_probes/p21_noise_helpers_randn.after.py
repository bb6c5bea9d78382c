# source: yao-lab/yao-lab.github.io aifin/2023/notebook/gan_creditcard_augmentation_11_23_2/utils.py (GAN targets and noise)
# verdict: hit: each wrapper of a factory made right there goes; the import goes with them.
import torch


def random_noise(size):
    n = torch.randn(size, 100)
    if torch.cuda.is_available():
        return n.cuda()
    return n


def real_target(size):
    data = torch.ones(size, 1)
    if torch.cuda.is_available():
        return data.cuda()
    return data
