# source: find_string excerpt without a repository name (a trainer's resume branch: the checkpoint
#   loaded through `map_location=lambda storage, loc: storage.cuda(0)`)
# verdict: hit: the lambda puts every tensor on GPU 0 with no question asked; GPU 0 is the only one
#   the file names, so the portable device takes its place.
import os

import torch


def resume(para, logger):
    if para.resume and os.path.isfile(para.resume_file):
        checkpoint = torch.load(para.resume_file, map_location=lambda storage, loc: storage.cuda(0))  # expect DEV007
        logger("loading checkpoint {} ...".format(para.resume_file))
        para.start_epoch = checkpoint["epoch"] + 1
        return checkpoint
    return None
