"""The logistic regression of before.py for PyTorch 2.x: one `device`, `.item()`, `no_grad` testing."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

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
        super().__init__()
        self.linear = nn.Linear(input_size, num_classes)

    def forward(self, x):
        return self.linear(x)


def run():
    torch.manual_seed(0)
    train_dataset = toy_images(32, 0)
    test_dataset = toy_images(16, 1)
    train_loader = DataLoader(dataset=train_dataset, batch_size=batch_size, shuffle=True)
    test_loader = DataLoader(dataset=test_dataset, batch_size=batch_size, shuffle=False)

    model = LogisticRegression(input_size, num_classes).to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

    losses = []
    for epoch in range(num_epochs):
        for i, (images, labels) in enumerate(train_loader):
            images = images.view(-1, 6 * 6).to(device)
            labels = labels.to(device)
            optimizer.zero_grad()
            outputs = model(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            if (i + 1) % 2 == 0:
                steps = len(train_dataset) // batch_size
                print(f"Epoch: [{epoch + 1}/{num_epochs}], Step: [{i + 1}/{steps}], Loss: {loss.item():.4f}")
                losses.append(loss.item())

    correct = 0
    total = 0
    with torch.no_grad():
        for images, labels in test_loader:
            outputs = model(images.view(-1, 6 * 6).to(device))
            predicted = outputs.argmax(1)
            total += labels.size(0)
            correct += (predicted.cpu() == labels).sum().item()
    print(f"Accuracy of the model on the test images: {100 * correct // total} %")
    return {"losses": losses, "accuracy": 100 * correct / total}


if __name__ == "__main__":
    print(run())
