# source: bearpaw/pytorch-classification utils (Python 3 code: `print (x)` with a space, print statements shown in a docstring)
# verdict: look-alike. The file compiles on Python 3: nothing is converted.
import torch


def accuracy(output, target):
    """Top-1 accuracy, as the Python 2 version printed it:
    print "acc", acc
    """
    acc = (output.argmax(1) == target).float().mean()
    print ("acc", acc.item())
    return acc
