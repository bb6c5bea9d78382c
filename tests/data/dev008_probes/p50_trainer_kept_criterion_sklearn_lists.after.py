# source: emily-palaska/cifar10-nn source/nn/ready_models/resnet18.py (a trainer class keeps the loss it is given; validation sum from 0; metric lists extended with NumPy arrays)
# verdict: hit; self.criterion is the kept loss-named parameter (a floating loss), and the lists hold NumPy ints a fix keeps.
import torch
from sklearn.metrics import accuracy_score


class Trainer:
    def __init__(self, model, val_loader, criterion, device):
        self.model = model
        self.val_loader = val_loader
        self.criterion = criterion
        self.device = device

    def validate(self):
        self.model.eval()
        val_loss = 0
        with torch.no_grad():
            for x_batch, y_batch in self.val_loader:
                x_batch, y_batch = x_batch.to(self.device), y_batch.to(self.device)
                outputs = self.model(x_batch)
                loss = self.criterion(outputs, y_batch)
                val_loss += loss.detach().double() if loss.device.type in ("cuda", "cpu") else loss.item()  # expect DEV008
            val_loss = float(val_loss)
        return val_loss / len(self.val_loader)

    def evaluate(self, loader):
        self.model.eval()
        all_preds, all_labels = [], []
        with torch.no_grad():
            for x_batch, y_batch in loader:
                x_batch, y_batch = x_batch.to(self.device), y_batch.to(self.device)
                preds = torch.argmax(self.model(x_batch), dim=1)
                all_preds.append(preds.detach())  # expect DEV008
                all_labels.append(y_batch.detach())  # expect DEV008
            all_preds = [x for part in all_preds for x in part.cpu().numpy()]
            all_labels = [x for part in all_labels for x in part.cpu().numpy()]
        return accuracy_score(all_labels, all_preds)
