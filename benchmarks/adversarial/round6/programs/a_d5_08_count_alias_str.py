# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
def main(args):
    model = nn.Linear(3, 1)
    net = model
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    print(str(sum(p.numel() for p in model.parameters())), str(net.weight.is_cuda))
    if args.get("resume"):
        optimizer.load_state_dict(torch.load(args["resume"]))
    model = model.cuda()
main({})
