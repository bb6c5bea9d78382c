import torch
F = None
