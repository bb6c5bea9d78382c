"""Neural style transfer with L-BFGS on 8x8 images, after the 2017 PyTorch neural-style tutorial
(a small random convolutional net stands in for VGG).

`dtype = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor`, images as
`Variable(torch.rand(...)).type(dtype)`, loss modules with their own `backward(retain_graph=True)`,
`input_param = nn.Parameter(input_img.data)`, `input_param.data.clamp_(0, 1)` in the closure,
`style_score.data[0]` printed, and the model moved with `.cuda()` when `use_cuda`.
"""
from __future__ import print_function
import copy

import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()
dtype = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor


class ContentLoss(nn.Module):
    def __init__(self, target, weight):
        super(ContentLoss, self).__init__()
        self.target = target.detach() * weight
        self.weight = weight
        self.criterion = nn.MSELoss()

    def forward(self, input):
        self.loss = self.criterion(input * self.weight, self.target)
        self.output = input
        return self.output

    def backward(self, retain_graph=True):
        self.loss.backward(retain_graph=retain_graph)
        return self.loss


class GramMatrix(nn.Module):
    def forward(self, input):
        a, b, c, d = input.size()
        features = input.view(a * b, c * d)
        G = torch.mm(features, features.t())
        return G.div(a * b * c * d)


class StyleLoss(nn.Module):
    def __init__(self, target, weight):
        super(StyleLoss, self).__init__()
        self.target = target.detach() * weight
        self.weight = weight
        self.gram = GramMatrix()
        self.criterion = nn.MSELoss()

    def forward(self, input):
        self.output = input.clone()
        self.G = self.gram(input)
        self.G.mul_(self.weight)
        self.loss = self.criterion(self.G, self.target)
        return self.output

    def backward(self, retain_graph=True):
        self.loss.backward(retain_graph=retain_graph)
        return self.loss


content_layers_default = ['conv_2']
style_layers_default = ['conv_1', 'conv_2', 'conv_3']


def get_style_model_and_losses(cnn, style_img, content_img, style_weight=1000, content_weight=1):
    cnn = copy.deepcopy(cnn)
    content_losses, style_losses = [], []
    model = nn.Sequential()
    gram = GramMatrix()
    if use_cuda:
        model = model.cuda()
        gram = gram.cuda()
    i = 1
    for layer in list(cnn):
        if isinstance(layer, nn.Conv2d):
            name = "conv_" + str(i)
            model.add_module(name, layer)
            if name in content_layers_default:
                target = model(content_img).clone()
                content_loss = ContentLoss(target, content_weight)
                model.add_module("content_loss_" + str(i), content_loss)
                content_losses.append(content_loss)
            if name in style_layers_default:
                target_feature = model(style_img).clone()
                target_feature_gram = gram(target_feature)
                style_loss = StyleLoss(target_feature_gram, style_weight)
                model.add_module("style_loss_" + str(i), style_loss)
                style_losses.append(style_loss)
        if isinstance(layer, nn.ReLU):
            name = "relu_" + str(i)
            model.add_module(name, layer)
            i += 1
    return model, style_losses, content_losses


def run():
    torch.manual_seed(0)
    cnn = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 4, 3, padding=1), nn.ReLU(),
                        nn.Conv2d(4, 4, 3, padding=1), nn.ReLU())
    if use_cuda:
        cnn = cnn.cuda()
    style_img = Variable(torch.rand(1, 3, 8, 8)).type(dtype)
    content_img = Variable(torch.rand(1, 3, 8, 8)).type(dtype)
    input_img = content_img.clone()

    model, style_losses, content_losses = get_style_model_and_losses(cnn, style_img, content_img)
    input_param = nn.Parameter(input_img.data)
    optimizer = optim.LBFGS([input_param], max_iter=4)
    history = []
    step = [0]
    while step[0] <= 5:
        def closure():
            input_param.data.clamp_(0, 1)
            optimizer.zero_grad()
            model(input_param)
            style_score = 0
            content_score = 0
            for sl in style_losses:
                style_score += sl.backward()
            for cl in content_losses:
                content_score += cl.backward()
            step[0] += 1
            print("run {}: Style Loss : {:4f} Content Loss: {:4f}".format(
                step[0], style_score.data[0], content_score.data[0]))
            history.append([style_score.data[0], content_score.data[0]])
            return style_score + content_score
        optimizer.step(closure)
    input_param.data.clamp_(0, 1)
    return {"history": history, "image": input_param.data}


if __name__ == '__main__':
    print(run())
