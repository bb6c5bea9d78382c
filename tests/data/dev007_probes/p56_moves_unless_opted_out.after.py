# source: kenshohara/3D-ResNets-PyTorch (main.py guards GPU-only set-up with `if not opt.no_cuda:`;
#   the variant that moves the model there), and the dev set's pointnet trainer, which labels the
#   same shape spelled `if not args.use_cpu:`
# verdict: hit: the body of `if not opt.no_cuda:` runs on a machine without a GPU unless the user
#   opts out; the test that also asks the machine is a look-alike.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def generate_model(opt):
    model = nn.Conv3d(3, 8, 3)
    if not opt.no_cuda:
        model = model.to(device)  # expect DEV007
        model = nn.DataParallel(model, device_ids=None)
    return model


def to_gpu(opt, clip):
    if not opt.no_cuda and torch.cuda.is_available():
        clip = clip.cuda()
    return clip
