"""A bidirectional LSTM reading image rows as a sequence, after the 2017 pytorch-tutorial (yunjey).

The tutorial assumed a GPU: `rnn = BiRNN(...)` then `rnn.cuda()`, the initial states
`Variable(torch.zeros(self.num_layers*2, x.size(0), self.hidden_size)).cuda()` inside `forward`,
and every batch `Variable(images.view(-1, sequence_length, input_size)).cuda()`; the loss goes
through `loss.data[0]`; the test loop compares `predicted.cpu() == labels`.
"""
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

# Hyper Parameters
sequence_length = 5
input_size = 5
hidden_size = 8
num_layers = 1
num_classes = 3
batch_size = 6
num_epochs = 2
learning_rate = 0.01


def striped_images(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    labels = torch.randint(0, num_classes, (n,), generator=g)
    images = torch.rand(n, sequence_length, input_size, generator=g) * 0.3
    for i in range(n):
        images[i, :, labels[i]] += 1.0
    return TensorDataset(images, labels)


class BiRNN(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, num_classes):
        super(BiRNN, self).__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hidden_size * 2, num_classes)  # 2 for bidirection

    def forward(self, x):
        # Set initial states (2 for bidirection)
        h0 = Variable(torch.zeros(self.num_layers * 2, x.size(0), self.hidden_size)).cuda()
        c0 = Variable(torch.zeros(self.num_layers * 2, x.size(0), self.hidden_size)).cuda()
        out, _ = self.lstm(x, (h0, c0))
        out = self.fc(out[:, -1, :])
        return out


def run():
    torch.manual_seed(0)
    train_loader = DataLoader(striped_images(24, 0), batch_size=batch_size, shuffle=True)
    test_loader = DataLoader(striped_images(12, 1), batch_size=batch_size, shuffle=False)
    rnn = BiRNN(input_size, hidden_size, num_layers, num_classes)
    rnn.cuda()
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(rnn.parameters(), lr=learning_rate)
    losses = []
    for epoch in range(num_epochs):
        for i, (images, labels) in enumerate(train_loader):
            images = Variable(images.view(-1, sequence_length, input_size)).cuda()
            labels = Variable(labels).cuda()
            optimizer.zero_grad()
            outputs = rnn(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            if (i + 1) % 2 == 0:
                print('Epoch [%d/%d], Step [%d/%d], Loss: %.4f'
                      % (epoch + 1, num_epochs, i + 1, 4, loss.data[0]))
                losses.append(loss.data[0])
    correct = 0
    total = 0
    for images, labels in test_loader:
        images = Variable(images.view(-1, sequence_length, input_size)).cuda()
        outputs = rnn(images)
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted.cpu() == labels).sum()
    print('Test Accuracy of the model on the test images: %d %%' % (100 * correct / total))
    return {"losses": losses, "correct": correct}


if __name__ == '__main__':
    print(run())
