# source: chenxy99/Generative-Temporal-Models-with-Spatial-Memory (config module: --no-cuda, seeds, loader kwargs)
# verdict: look-alike.
import argparse

import torch

parser = argparse.ArgumentParser(description="GTM-SM Example")
parser.add_argument("--batch-size", type=int, default=16)
parser.add_argument("--no-cuda", action="store_true", default=False, help="enables CUDA training")
parser.add_argument("--seed", type=int, default=2018)
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()

torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed_all(args.seed)

device = torch.device("cuda" if args.cuda else "cpu")
kwargs = {"num_workers": 1, "pin_memory": True} if args.cuda else {}
