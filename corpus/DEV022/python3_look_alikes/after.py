"""Python 3 code that looks like Python 2: `print (x)` with a space, a docstring and a comment that show
print statements, and a block indented with tabs throughout. It compiles, so nothing is converted.

    print "loss", loss
"""

import torch


def scale(x):
	if x.dim() == 1:
		return x * 2  # print x
	return x


def run():
    g = torch.Generator().manual_seed(4)
    x = torch.randn(3, generator=g)
    print ("scaled", x.shape)
    return {"out": scale(x)}
