# source: facebookresearch/fairseq fairseq/criterions/label_smoothed_cross_entropy.py (an autograd Function's gradient buffer)
# verdict: hit: `input.new(size).zero_()` on the Function's input tensor is `input.new_zeros(size)`.
import torch


class SmoothedNLL(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, target, eps, pad):
        grad_input = input.new_zeros(input.size())
        target = target.view(target.size(0), 1)
        grad_input = grad_input.scatter_(grad_input.dim() - 1, target, eps - 1)
        ctx.grad_input = grad_input
        return grad_input.sum()
