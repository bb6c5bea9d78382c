# source: Qualcomm AIMET examples (the search index gave the file's copyright header, not its
#   repository): a `--use-cuda` option on by default, combined with the machine's answer before use
# verdict: look-alike: the default is a wish; the program asks the machine.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--use-cuda", action="store_true", default=True)
args = parser.parse_args()
args.use_cuda = args.use_cuda and torch.cuda.is_available()
device = torch.device("cuda" if args.use_cuda else "cpu")
