# source: A1ex-Chen/DL_project_log (transformer-xl checkpoint loader: onto the current GPU by f-string)
# verdict: hit: `torch.cuda.current_device()` raises without a GPU (not found by the rule today; an
#   f-string device is not a literal).
import logging
import os

import torch


def load_checkpoint(path):
    if os.path.isdir(path):
        path = os.path.join(path, "checkpoint_last.pt")
    dst = f"cuda:{torch.cuda.current_device()}"
    logging.info(f"Loading checkpoint from {path}")
    checkpoint = torch.load(path, map_location=dst)  # expect DEV007 (known miss)
    return checkpoint
