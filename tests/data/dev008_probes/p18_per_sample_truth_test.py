# source: alexriderspy/COL774-Assignment4-Comp accu_train.py (a count, then a per-sample comparison in an if)
# verdict: hit twice; report only: the per-sample test needs the answer on the host.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = torch.nn.Linear(9, 30).to(device)
dataloader = [(torch.randn(4, 9), torch.randint(0, 30, (4,))) for _ in range(3)]
with torch.no_grad():
    n_correct = 0
    n_samples = 0
    n_class_correct = [0 for _ in range(30)]
    n_class_samples = [0 for _ in range(30)]
    for images, labels in dataloader:
        images = images.to(device, dtype=torch.float)
        labels = labels.to(device)
        outputs = model(images)
        _, predicted = torch.max(outputs, 1)
        n_samples += labels.size(0)
        n_correct += (predicted == labels).sum().item()  # expect DEV008
        for i in range(4):
            label = labels[i]
            pred = predicted[i]
            if label == pred:  # expect DEV008
                n_class_correct[label] += 1
            n_class_samples[label] += 1
    print(f"Accuracy of network: {100.0 * n_correct / n_samples} %")
