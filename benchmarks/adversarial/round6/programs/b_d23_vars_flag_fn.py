# EMU
import torch
import argparse
args = argparse.Namespace(cuda=True)
def disable():
    vars(args)["cuda"] = False
x = torch.zeros(3)
disable()
if args.cuda:
    x = x.cuda()
print(x.device)
