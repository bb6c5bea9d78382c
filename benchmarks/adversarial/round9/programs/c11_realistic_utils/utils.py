import os
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

def seed_all(s):
    np.random.seed(s)
    torch.manual_seed(s)
