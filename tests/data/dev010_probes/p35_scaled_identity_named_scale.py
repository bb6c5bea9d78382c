# source: weleen/MGH.pytorch projects/PartialReID/partialreid/dsr_distance.py (ridge term of a projection)
# verdict: hit, missed: the identity is scaled by a name bound to a number two lines above, which the rule
# does not read as a number.
import torch


def projection(g):
    kappa = 0.001
    ridge = kappa * torch.eye(110)  # expect DEV010 (known miss)
    ridge = ridge.cuda()
    return torch.matmul(torch.inverse(torch.matmul(g.t(), g) + ridge), g.t())
