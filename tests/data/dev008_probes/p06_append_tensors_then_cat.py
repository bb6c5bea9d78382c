# source: TeTo16/Image_Prediction_Project src/predict/predict.py (device tensors kept, joined and copied after the loop)
# verdict: look-alike; nothing is read on the host inside the loop.
import torch


def predict(model, loader, device="cuda"):
    all_preds = []
    all_labels = []
    model.eval()
    with torch.no_grad():
        for inputs, labels in loader:
            inputs, labels = inputs.to(device), labels.to(device)
            outputs = model(inputs)
            all_preds.append(outputs.argmax(dim=1))
            all_labels.append(labels)
    all_preds = torch.cat(all_preds)
    all_labels = torch.cat(all_labels)
    return all_preds.cpu(), all_labels.cpu()
