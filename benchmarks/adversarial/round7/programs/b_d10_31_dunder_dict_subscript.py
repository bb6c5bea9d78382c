# EMU
import argparse
import torch
p = argparse.ArgumentParser()
p.add_argument("--cuda", action="store_true", default=True)
args = p.parse_args([])
x = torch.zeros(3)
args.__dict__["cuda"] = False
if args.cuda:
    x = x.cuda()
print(x.device)
