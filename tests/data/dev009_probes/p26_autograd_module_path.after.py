# source: unnamed file of the code index (a detector's training step wraps inputs by the full module path)
# verdict: hit: `torch.autograd.Variable(...)` of parameters keeps `.detach()`.
import torch


def train_one_batch(model, data, im_info, label):
    data_var = data.detach().cuda()
    info_var = im_info.detach().cuda()
    label_var = label.detach().cuda()
    return model(data_var, info_var, label_var)
