# source: timlrx/IGCG (check_gpu: a loop over the GPUs the machine has; the variant that places a
#   replica on each)
# verdict: look-alike: the loop runs no time where there is no GPU.
import torch
import torch.nn as nn


def check_gpu():
    for i in range(torch.cuda.device_count()):
        device_name = f"cuda:{i}"
        print(i, torch.cuda.get_device_name(torch.device(device_name)))


replicas = [nn.Linear(2, 2).cuda(i) for i in range(torch.cuda.device_count())]
