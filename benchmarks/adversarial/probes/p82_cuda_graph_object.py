"""torch.cuda.CUDAGraph() can be constructed on a GPU machine.

EXPECT: CUDAGraph
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.CUDAGraph.html
FAMILY: streams/events/synchronize
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: type(torch.cuda.CUDAGraph()).__name__))
