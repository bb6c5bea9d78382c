# source: williamSYSU/TextGAN-PyTorch instructor/real_data/instructor.py (pretrained weights loaded onto the GPU a config names)
# verdict: hit on each load: a GPU index built into the string fails without a GPU; which GPU stays
# the program's choice, and without one the checkpoint loads onto the CPU.
import torch

import config as cfg


class Instructor:
    def __init__(self, gen, dis):
        self.gen = gen
        self.dis = dis

    def init_model(self):
        if cfg.dis_pretrain:
            self.dis.load_state_dict(torch.load(cfg.dis_path, map_location="cuda:{}".format(cfg.device)))  # expect DEV007
        if cfg.gen_pretrain:
            self.gen.load_state_dict(torch.load(cfg.gen_path, map_location="cuda:%d" % cfg.device))  # expect DEV007
        if cfg.CUDA:
            self.gen = self.gen.cuda()
            self.dis = self.dis.cuda()
