# source: progradeep/gan-pytorch DiscoGAN/config.py and trainer.py (a GPU count option that defaults to one)
# verdict: hit on the option: every move below runs unless the user says --num_gpu 0.
import argparse

import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--num_gpu", type=int, default=1)  # expect DEV007 (known miss)
config = parser.parse_args()


class Trainer:
    def __init__(self, config, generator, critic):
        self.num_gpu = config.num_gpu
        self.generator = generator
        self.critic = critic
        if self.num_gpu == 1:
            self.generator.cuda()
            self.critic.cuda()
        elif self.num_gpu > 1:
            self.generator = nn.DataParallel(self.generator.cuda(), device_ids=range(self.num_gpu))
            self.critic = nn.DataParallel(self.critic.cuda(), device_ids=range(self.num_gpu))

    def to_variable(self, inputs):
        if self.num_gpu > 0:
            return inputs.cuda()
        return inputs
