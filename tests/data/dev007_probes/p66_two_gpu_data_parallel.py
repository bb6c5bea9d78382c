# source: MarcusYF/gnn_rl (multigpu_test.py: a smoke test of DataParallel over GPUs 0 and 1)
# verdict: hits on both `.cuda()` calls (the book's P7: each line); the `device_ids=[0, 1]` placement
#   is a decision for a person, so no fix is judged here.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(5, 5)

    def forward(self, inputs):
        return self.linear(inputs)


model = Model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
data = torch.rand([16, 10, 5])
data = data.cuda()  # expect DEV007
parallel = nn.DataParallel(model.cuda(), device_ids=[0, 1])  # expect DEV007
logits = parallel(data)
