"""Logistic regression on flattened 6x6 "images", after the 2017 pytorch-tutorial (yunjey) style.

Hyper-parameters as module constants, `images = Variable(images.view(-1, 6*6))`, `loss.data[0]` in
the progress line, and a test loop where `_, predicted = torch.max(outputs.data, 1)` and
`correct += (predicted == labels).sum()` are turned into a percentage; the model is moved to the GPU
with `.cuda()` only when `torch.cuda.is_available()`.
"""
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

# Hyper Parameters
input_size = 36
num_classes = 4
num_epochs = 2
batch_size = 8
learning_rate = 0.05


def toy_images(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    labels = torch.randint(0, num_classes, (n,), generator=g)
    images = torch.rand(n, 1, 6, 6, generator=g) * 0.5
    images.view(n, -1)[torch.arange(n), labels * 9] += 1.0
    return TensorDataset(images, labels)


class LogisticRegression(nn.Module):
    def __init__(self, input_size, num_classes):
        super(LogisticRegression, self).__init__()
        self.linear = nn.Linear(input_size, num_classes)

    def forward(self, x):
        return self.linear(x)


def run():
    torch.manual_seed(0)
    train_dataset = toy_images(32, 0)
    test_dataset = toy_images(16, 1)
    train_loader = DataLoader(dataset=train_dataset, batch_size=batch_size, shuffle=True)
    test_loader = DataLoader(dataset=test_dataset, batch_size=batch_size, shuffle=False)

    model = LogisticRegression(input_size, num_classes)
    if torch.cuda.is_available():
        model.cuda()
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

    losses = []
    for epoch in range(num_epochs):
        for i, (images, labels) in enumerate(train_loader):
            images = Variable(images.view(-1, 6 * 6))
            labels = Variable(labels)
            if torch.cuda.is_available():
                images, labels = images.cuda(), labels.cuda()
            optimizer.zero_grad()
            outputs = model(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            if (i + 1) % 2 == 0:
                print('Epoch: [%d/%d], Step: [%d/%d], Loss: %.4f'
                      % (epoch + 1, num_epochs, i + 1, len(train_dataset) // batch_size, loss.data[0]))
                losses.append(loss.data[0])

    correct = 0
    total = 0
    for images, labels in test_loader:
        images = Variable(images.view(-1, 6 * 6))
        if torch.cuda.is_available():
            images = images.cuda()
        outputs = model(images)
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted.cpu() == labels).sum()
    print('Accuracy of the model on the test images: %d %%' % (100 * correct / total))
    return {"losses": losses, "accuracy": 100 * correct / total}


if __name__ == '__main__':
    print(run())
