# source: jiesutd/NCRFpp model/crf.py (the CRF layer's transition matrix)
# verdict: hit. The transition scores are zeros with the start column and the stop row set to a large negative number, then moved under the model's gpu flag and made a parameter.
import torch
import torch.nn as nn

START_TAG, STOP_TAG = -2, -1


class CRF(nn.Module):
    def __init__(self, tagset_size, gpu):
        super().__init__()
        self.gpu = gpu
        self.tagset_size = tagset_size
        init_transitions = torch.zeros(self.tagset_size + 2, self.tagset_size + 2)  # expect DEV010
        init_transitions[:, START_TAG] = -10000.0
        init_transitions[STOP_TAG, :] = -10000.0
        init_transitions[:, 0] = -10000.0
        init_transitions[0, :] = -10000.0
        if self.gpu:
            init_transitions = init_transitions.cuda()
        self.transitions = nn.Parameter(init_transitions)
