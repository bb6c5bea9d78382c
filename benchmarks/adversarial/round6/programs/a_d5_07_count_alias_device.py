# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
def main(resume):
    model = Net()
    w = model.fc.weight
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    print("params:", sum(p.numel() for p in model.parameters()), w.device)
    if resume:
        optimizer.load_state_dict(torch.load(resume))
    model = model.cuda()
    print(w.device)
main(None)
