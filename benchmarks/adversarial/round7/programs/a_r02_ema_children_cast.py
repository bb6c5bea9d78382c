import torch
import torch.nn as nn
torch.manual_seed(0)
class Temperature(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = torch.tensor(0.7)
    def forward(self, logits):
        return logits / self.t
class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)
        self.temp = Temperature()
    def forward(self, x):
        return self.temp(self.fc(x))
model = Classifier()
ema = Classifier()
ema.load_state_dict(model.state_dict())
modules_to_cast = dict(model.named_children())
modules_to_cast.pop("fc").double()
modules_to_cast.popitem()[1].double()
print(model.temp.t.dtype)
