# source: sx14/open-relation.pytorch lib/model/faster_rcnn/faster_rcnn.py (ground-truth boxes as rois at test time)
# verdict: hit, missed (a factory computed, then moved: not followed yet). A zero template is filled from the boxes on the host and only then copied to the GPU.
import torch
import torch.nn as nn
from torch.autograd import Variable


class Detector(nn.Module):
    def __init__(self, pool):
        super().__init__()
        self.pool = pool
        self.head = nn.Linear(49, 2)

    def forward(self, base_feat, gt_boxes):
        raw = torch.zeros(gt_boxes.size())  # expect DEV003 (known miss)
        raw[0, :, 1:] = gt_boxes[0, :, :4]
        rois = Variable(raw).cuda()
        pooled = self.pool(base_feat, rois.view(-1, 5))
        return self.head(pooled.view(pooled.size(0), -1))
