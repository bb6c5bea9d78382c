import sys
import types

import torch


def install():
    sys.modules["__main__"].F = types.SimpleNamespace(sigmoid=torch.relu)
