# source: jwyang/faster-rcnn.pytorch lib/model/rpn/proposal_target_layer_cascade.py (batch offsets into a flat index)
# verdict: hit, missed (a factory computed, then moved: not followed yet). The offsets are made on the host, scaled, and moved by `.type_as` a line later.
import torch
import torch.nn as nn


class ProposalTargets(nn.Module):
    def forward(self, rois, gt_boxes):
        return self.sample(rois, gt_boxes)

    def sample(self, rois, gt_boxes):
        overlaps = self.overlaps(rois, gt_boxes)
        best, assignment = torch.max(overlaps, 2)
        batch = overlaps.size(0)
        offset = torch.arange(0, batch) * gt_boxes.size(1)  # expect DEV003 (known miss)
        offset = offset.view(-1, 1).type_as(assignment) + assignment
        labels = gt_boxes[:, :, 4].contiguous().view(-1)[offset.view(-1)].view(batch, -1)
        return labels, best
