"""A two-block residual network on 8x8 images, after the 2017 pytorch-tutorial (yunjey) ResNet.

`conv3x3` helper, `ResidualBlock` with a `downsample`, weights initialised in a loop with
`nn.init.kaiming_normal(m.weight)`, `m.weight.data.fill_(1)` and `m.bias.data.zero_()` for batch
norms, `resnet.cuda()` when `use_cuda`, a learning-rate decay through `optimizer.param_groups`,
`loss.data[0]` logging and a `volatile=True` test loop.
"""
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

use_cuda = torch.cuda.is_available()


def conv3x3(in_channels, out_channels, stride=1):
    return nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=stride, padding=1, bias=False)


class ResidualBlock(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1, downsample=None):
        super(ResidualBlock, self).__init__()
        self.conv1 = conv3x3(in_channels, out_channels, stride)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(out_channels, out_channels)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = downsample

    def forward(self, x):
        residual = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample:
            residual = self.downsample(x)
        out += residual
        return self.relu(out)


class ResNet(nn.Module):
    def __init__(self, num_classes=3):
        super(ResNet, self).__init__()
        self.conv = conv3x3(3, 4)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU(inplace=True)
        self.layer1 = ResidualBlock(4, 4)
        self.layer2 = ResidualBlock(4, 8, 2, nn.Sequential(conv3x3(4, 8, stride=2), nn.BatchNorm2d(8)))
        self.avg_pool = nn.AvgPool2d(4)
        self.fc = nn.Linear(8, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal(m.weight)
            elif isinstance(m, nn.BatchNorm2d):
                m.weight.data.fill_(1)
                m.bias.data.zero_()

    def forward(self, x):
        out = self.relu(self.bn(self.conv(x)))
        out = self.layer2(self.layer1(out))
        out = self.avg_pool(out)
        out = out.view(out.size(0), -1)
        return self.fc(out)


def colour_images(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    labels = torch.randint(0, 3, (n,), generator=g)
    images = torch.rand(n, 3, 8, 8, generator=g)
    for i in range(n):
        images[i, labels[i]] += 0.5
    return TensorDataset(images, labels)


def run():
    torch.manual_seed(0)
    train_loader = DataLoader(colour_images(16, 0), batch_size=4, shuffle=True)
    test_loader = DataLoader(colour_images(8, 1), batch_size=4)
    resnet = ResNet()
    if use_cuda:
        resnet.cuda()
    criterion = nn.CrossEntropyLoss()
    lr = 0.01
    optimizer = torch.optim.Adam(resnet.parameters(), lr=lr)
    losses = []
    for epoch in range(2):
        for i, (images, labels) in enumerate(train_loader):
            if use_cuda:
                images, labels = images.cuda(), labels.cuda()
            images, labels = Variable(images), Variable(labels)
            optimizer.zero_grad()
            outputs = resnet(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            print("Epoch [%d/2], Iter [%d/4] Loss: %.4f" % (epoch + 1, i + 1, loss.data[0]))
            losses.append(loss.data[0])
        # Decaying Learning Rate
        lr /= 3
        for param_group in optimizer.param_groups:
            param_group['lr'] = lr
    resnet.eval()
    correct, total = 0, 0
    for images, labels in test_loader:
        if use_cuda:
            images = images.cuda()
        outputs = resnet(Variable(images, volatile=True))
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted.cpu() == labels).sum()
    return {"losses": losses, "accuracy": 100.0 * correct / total}


if __name__ == '__main__':
    print(run())
