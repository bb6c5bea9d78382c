# source: wilburOne/AdversarialNameTagger (package init: `--gpu 1` by default picks CUDA tensor types)
# verdict: hit (GPU by default), not found: the option's default is the integer 1, not True.
import torch
from argparse import ArgumentParser

parser = ArgumentParser(add_help=False)
parser.add_argument("--gpu", default="1", type=int, help="set 1 to use gpu.")  # expect DEV007 (known miss)
args = parser.parse_known_args()

FloatTensor = torch.FloatTensor
LongTensor = torch.LongTensor
if args[0].gpu == 1:
    FloatTensor = torch.cuda.FloatTensor
    LongTensor = torch.cuda.LongTensor
