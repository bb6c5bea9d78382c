# source: jiesutd/NCRFpp model/crf.py (Viterbi back-pointers padded at the last step)
# verdict: hit. A zero block wrapped in the old Variable and cast to long, moved to the GPU under a flag before it joins the back-pointers.
import torch
from torch import autograd


def pad_back_points(back_points, batch_size, tag_size, gpu):
    pad_zero = autograd.Variable(torch.zeros(batch_size, tag_size, device="cuda" if gpu else "cpu")).long()
    back_points.append(pad_zero)
    return torch.cat(back_points).view(len(back_points), batch_size, tag_size)
