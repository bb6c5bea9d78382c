# source: anubhab7111/computer-vision cnn/ResNet/test.py (labels and predictions extended as NumPy arrays, a count)
# verdict: hit; three copies every batch (the lists hold NumPy scalars, which a fix would have to keep).
import torch
import torch.nn as nn
from sklearn.metrics import confusion_matrix

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(12, 4).to(device)
test_loader = [(torch.randn(5, 12), torch.randint(0, 4, (5,))) for _ in range(3)]

model.eval()
correct = 0
total = 0
all_labels = []
all_preds = []
with torch.no_grad():
    for images, labels in test_loader:
        images, labels = images.to(device), labels.to(device)
        outputs = model(images)
        _, predicted = torch.max(outputs.data, 1)
        all_labels.append(labels.detach())  # expect DEV008
        all_preds.append(predicted.detach())  # expect DEV008
        total += labels.size(0)
        correct += (predicted == labels).sum()  # expect DEV008
    correct = int(correct)
    all_labels = [x for part in all_labels for x in part.cpu().numpy()]
    all_preds = [x for part in all_preds for x in part.cpu().numpy()]
print(f"Accuracy: {100 * correct / total:.2f}%")
print(confusion_matrix(all_labels, all_preds))
