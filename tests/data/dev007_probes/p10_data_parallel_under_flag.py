# source: Zenasj/HBTGen-artifact (pytorch issue 2332: DataParallel over every visible GPU under a flag)
# verdict: look-alike; the flag asks the machine.
import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn

use_cuda = torch.cuda.is_available()
net = nn.Linear(5, 5)
if use_cuda:
    net.cuda()
    net = torch.nn.DataParallel(net, device_ids=range(torch.cuda.device_count()))
    cudnn.benchmark = True
