# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
def main(resume=None):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(4, 1)
    p = model.bias
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    print(sum(p.numel() for p in model.parameters()), p.is_cuda)
    if resume:
        optimizer.load_state_dict(torch.load(resume))
    model = model.to(device)
main()
