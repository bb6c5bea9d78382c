# source: jwyang/faster-rcnn.pytorch lib/model/roi_crop/modules/gridgen.py (affine grid repeated per sample)
# verdict: hit, missed (a factory computed, then moved: not followed yet). The batch grid is built on the host row by row and moved when the input is on a GPU.
import torch
import torch.nn as nn
from torch.autograd import Variable


class AffineGridGen(nn.Module):
    def __init__(self, height, width):
        super().__init__()
        self.height, self.width = height, width
        self.register_buffer("grid", torch.ones(height, width, 3), persistent=False)

    def forward(self, theta):
        self.batchgrid = torch.zeros(torch.Size([theta.size(0)]) + self.grid.size())  # expect DEV003 (known miss)
        for i in range(theta.size(0)):
            self.batchgrid[i] = self.grid
        self.batchgrid = Variable(self.batchgrid)
        if theta.is_cuda:
            self.batchgrid = self.batchgrid.cuda()
        flat = self.batchgrid.view(-1, self.height * self.width, 3)
        return torch.bmm(flat, theta.transpose(1, 2)).view(-1, self.height, self.width, 2)
