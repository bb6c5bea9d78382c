# source: distributed test script of Microsoft's brt (the search index gave its copyright header, not
#   its repository): the rank's GPU as `torch.device("cuda", local_rank)`; and the f-string form
#   `torch.device(f"cuda:{args.gpu}")` seen in the same search
# verdict: hit twice: a GPU chosen without asking whether there is one.
import torch


def setup(args, local_rank):
    device = torch.device("cuda", local_rank)  # expect DEV007
    eval_device = torch.device(f"cuda:{args.gpu}")  # expect DEV007
    return device, eval_device
