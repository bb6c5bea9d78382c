"""The neural style transfer of before.py for PyTorch 2.x.

Images are made on the CPU as before and moved to `device`; the image being optimised is a leaf with
`requires_grad_()`; clamping runs under `torch.no_grad()`; scores are read with `.item()`; the loss
modules keep their own `backward` helpers.
"""
import copy

import torch
import torch.nn as nn
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class ContentLoss(nn.Module):
    def __init__(self, target, weight):
        super().__init__()
        self.target = target.detach() * weight
        self.weight = weight
        self.criterion = nn.MSELoss()

    def forward(self, input):
        self.loss = self.criterion(input * self.weight, self.target)
        return input

    def backward(self, retain_graph=True):
        self.loss.backward(retain_graph=retain_graph)
        return self.loss


def gram_matrix(input):
    a, b, c, d = input.size()
    features = input.view(a * b, c * d)
    return torch.mm(features, features.t()).div(a * b * c * d)


class StyleLoss(nn.Module):
    def __init__(self, target, weight):
        super().__init__()
        self.target = target.detach() * weight
        self.weight = weight
        self.criterion = nn.MSELoss()

    def forward(self, input):
        self.loss = self.criterion(gram_matrix(input) * self.weight, self.target)
        return input.clone()

    def backward(self, retain_graph=True):
        self.loss.backward(retain_graph=retain_graph)
        return self.loss


content_layers_default = ["conv_2"]
style_layers_default = ["conv_1", "conv_2", "conv_3"]


def get_style_model_and_losses(cnn, style_img, content_img, style_weight=1000, content_weight=1):
    cnn = copy.deepcopy(cnn)
    content_losses, style_losses = [], []
    model = nn.Sequential().to(device)
    i = 1
    for layer in list(cnn):
        if isinstance(layer, nn.Conv2d):
            name = f"conv_{i}"
            model.add_module(name, layer)
            if name in content_layers_default:
                content_loss = ContentLoss(model(content_img).clone(), content_weight)
                model.add_module(f"content_loss_{i}", content_loss)
                content_losses.append(content_loss)
            if name in style_layers_default:
                style_loss = StyleLoss(gram_matrix(model(style_img).clone()), style_weight)
                model.add_module(f"style_loss_{i}", style_loss)
                style_losses.append(style_loss)
        if isinstance(layer, nn.ReLU):
            model.add_module(f"relu_{i}", layer)
            i += 1
    return model, style_losses, content_losses


def run():
    torch.manual_seed(0)
    cnn = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Conv2d(4, 4, 3, padding=1), nn.ReLU(),
                        nn.Conv2d(4, 4, 3, padding=1), nn.ReLU()).to(device)
    style_img = torch.rand(1, 3, 8, 8).to(device)
    content_img = torch.rand(1, 3, 8, 8).to(device)

    model, style_losses, content_losses = get_style_model_and_losses(cnn, style_img, content_img)
    input_img = content_img.clone().requires_grad_()
    optimizer = optim.LBFGS([input_img], max_iter=4)
    history = []
    step = [0]
    while step[0] <= 5:
        def closure():
            with torch.no_grad():
                input_img.clamp_(0, 1)
            optimizer.zero_grad()
            model(input_img)
            style_score = sum(sl.backward() for sl in style_losses)
            content_score = sum(cl.backward() for cl in content_losses)
            step[0] += 1
            print(f"run {step[0]}: Style Loss : {style_score.item():4f}"
                  f" Content Loss: {content_score.item():4f}")
            history.append([style_score.item(), content_score.item()])
            return style_score + content_score
        optimizer.step(closure)
    with torch.no_grad():
        input_img.clamp_(0, 1)
    return {"history": history, "image": input_img.detach()}


if __name__ == "__main__":
    print(run())
