# source: unnamed file of the code index (the pix2pix/CycleGAN base model: a tensor type kept on self)
# verdict: hit: the attribute alias picks float32 on the GPU, the default dtype on the CPU; its call.
import torch


class BaseModel:
    def initialize(self, opt):
        self.opt = opt
        self.gpu_ids = opt.gpu_ids
        self.Tensor = torch.cuda.FloatTensor if self.gpu_ids else torch.Tensor
        self.input_A = self.Tensor(opt.batch_size, opt.input_nc, opt.size, opt.size)
