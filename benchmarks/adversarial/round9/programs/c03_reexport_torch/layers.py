from torch.nn import functional as F
import torch
