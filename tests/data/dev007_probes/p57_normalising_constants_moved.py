# source: jwyang/faster-rcnn.pytorch (test_net.py: box deltas un-normalised with constants made on the
#   host and moved with `.cuda()`, whatever `--cuda` says)
# verdict: hit twice: the constants go to the GPU even when the run was asked to stay on the CPU.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--cuda", dest="cuda", action="store_true")
args = parser.parse_args()

STDS = (0.1, 0.1, 0.2, 0.2)
MEANS = (0.0, 0.0, 0.0, 0.0)


def unnormalise(box_deltas):
    box_deltas = box_deltas.view(-1, 4) * torch.FloatTensor(STDS).cuda() + torch.FloatTensor(  # expect DEV007
        MEANS
    ).cuda()
    return box_deltas.view(1, -1, 4)
