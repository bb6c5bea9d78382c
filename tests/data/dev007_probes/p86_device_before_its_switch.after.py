# source: search excerpt without a repository name (an `Exp_Basic` experiment class of a time-series
#   library: the device is made before the `use_gpu` switch is read)
# verdict: hit: `torch.device("cuda:{}".format(...))` names a GPU computed from the options before any
#   question; a CPU-only run keeps it and moves the model there.
import torch


class ExpBasic(object):
    def __init__(self, args):
        self.args = args
        self.device = self._acquire_device()

    def _acquire_device(self):
        device = torch.device("cuda:{}".format(self.args.gpu)) if torch.cuda.is_available() else torch.device("cpu")  # expect DEV007
        if self.args.use_gpu:
            print("Use GPU: cuda:{}".format(self.args.gpu))
        else:
            print("Use CPU")
        return device
