"""The residual network of before.py for PyTorch 2.x.

`nn.init.kaiming_normal_`, `ones_` and `zeros_` initialise the layers; the model and batches move with
`.to(device)`; the test loop runs under `torch.no_grad()`; the loss is read with `.item()`.
"""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def conv3x3(in_channels, out_channels, stride=1):
    return nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=stride, padding=1, bias=False)


class ResidualBlock(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1, downsample=None):
        super().__init__()
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
        super().__init__()
        self.conv = conv3x3(3, 4)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU(inplace=True)
        self.layer1 = ResidualBlock(4, 4)
        self.layer2 = ResidualBlock(4, 8, 2, nn.Sequential(conv3x3(4, 8, stride=2), nn.BatchNorm2d(8)))
        self.avg_pool = nn.AvgPool2d(4)
        self.fc = nn.Linear(8, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight)
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)

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
    resnet = ResNet().to(device)
    criterion = nn.CrossEntropyLoss()
    lr = 0.01
    optimizer = torch.optim.Adam(resnet.parameters(), lr=lr)
    losses = []
    for epoch in range(2):
        for i, (images, labels) in enumerate(train_loader):
            images, labels = images.to(device), labels.to(device)
            optimizer.zero_grad()
            outputs = resnet(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            print(f"Epoch [{epoch + 1}/2], Iter [{i + 1}/4] Loss: {loss.item():.4f}")
            losses.append(loss.item())
        # Decaying Learning Rate
        lr /= 3
        for param_group in optimizer.param_groups:
            param_group["lr"] = lr
    resnet.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for images, labels in test_loader:
            outputs = resnet(images.to(device))
            predicted = outputs.argmax(1)
            total += labels.size(0)
            correct += (predicted.cpu() == labels).sum().item()
    return {"losses": losses, "accuracy": 100.0 * correct / total}


if __name__ == "__main__":
    print(run())
