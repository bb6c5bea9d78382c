# source: unnamed file of the code index (a detector's training step wraps inputs by the full module path)
# verdict: hit: `torch.autograd.Variable(...)` of parameters keeps `.detach()`.
import torch


def train_one_batch(model, data, im_info, label):
    data_var = torch.autograd.Variable(data).cuda()  # expect DEV009
    info_var = torch.autograd.Variable(im_info).cuda()  # expect DEV009
    label_var = torch.autograd.Variable(label).cuda()  # expect DEV009
    return model(data_var, info_var, label_var)
