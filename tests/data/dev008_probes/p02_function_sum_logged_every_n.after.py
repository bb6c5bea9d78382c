# source: elzbietakar/GOLEM_mini_projekt train_epoch.py (an epoch function, loss printed and reset every N batches)
# verdict: hit; the sum can stay on the device and be read where the loop prints it.
import torch


def train_epoch(model, criterion, optimizer, loader, run_id, device):
    running_loss = 0.0
    for i, (inputs, labels) in enumerate(loader):
        inputs, labels = inputs.to(device), labels.to(device)
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.detach().double()  # expect DEV008
        if i % 50 == 49:
            print(f"[{run_id + 1}, {i + 1:5d}] loss: {float(running_loss) / 50:.3f}")
            running_loss = 0.0
    running_loss = float(running_loss)


if __name__ == "__main__":
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = torch.nn.Linear(6, 2).to(dev)
    data = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(100)]
    train_epoch(net, torch.nn.CrossEntropyLoss(), torch.optim.SGD(net.parameters(), lr=0.1), data, 0, dev)
