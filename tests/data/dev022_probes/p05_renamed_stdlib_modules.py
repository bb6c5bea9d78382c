# source: yuxng/posecnn-pytorch ros listeners (Queue and cPickle imported in a Python 2 script)
# verdict: hit. `Queue` and `cPickle` are `queue` and `pickle` in Python 3; the prints do not compile.
import Queue  # expect DEV022
import cPickle  # expect DEV022

import torch

poses = Queue.Queue(maxsize=4)


def save(path, tensor):
    with open(path, "wb") as f:
        cPickle.dump(tensor.cpu().numpy(), f)
    print "saved", path  # expect DEV022
