import torch
import torch.nn as nn

class Base(torch.jit.ScriptModule):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
