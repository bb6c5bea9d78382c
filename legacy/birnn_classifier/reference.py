"""The bidirectional LSTM of before.py for PyTorch 2.x, on a GPU when there is one, else the CPU.

The initial states are made on the input's device (`x.new_zeros`), the model and batches move with
`.to(device)`, the test loop runs under `torch.no_grad()`, numbers are read with `.item()`.
"""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

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
        super().__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hidden_size * 2, num_classes)  # 2 for bidirection

    def forward(self, x):
        h0 = x.new_zeros(self.num_layers * 2, x.size(0), self.hidden_size)  # 2 for bidirection
        c0 = x.new_zeros(self.num_layers * 2, x.size(0), self.hidden_size)
        out, _ = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1, :])


def run():
    torch.manual_seed(0)
    train_loader = DataLoader(striped_images(24, 0), batch_size=batch_size, shuffle=True)
    test_loader = DataLoader(striped_images(12, 1), batch_size=batch_size, shuffle=False)
    rnn = BiRNN(input_size, hidden_size, num_layers, num_classes).to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(rnn.parameters(), lr=learning_rate)
    losses = []
    for epoch in range(num_epochs):
        for i, (images, labels) in enumerate(train_loader):
            images = images.view(-1, sequence_length, input_size).to(device)
            labels = labels.to(device)
            optimizer.zero_grad()
            outputs = rnn(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            if (i + 1) % 2 == 0:
                print(f"Epoch [{epoch + 1}/{num_epochs}], Step [{i + 1}/4], Loss: {loss.item():.4f}")
                losses.append(loss.item())
    correct = 0
    total = 0
    with torch.no_grad():
        for images, labels in test_loader:
            outputs = rnn(images.view(-1, sequence_length, input_size).to(device))
            predicted = outputs.argmax(1)
            total += labels.size(0)
            correct += (predicted.cpu() == labels).sum().item()
    print(f"Test Accuracy of the model on the test images: {100 * correct // total} %")
    return {"losses": losses, "correct": correct}


if __name__ == "__main__":
    print(run())
