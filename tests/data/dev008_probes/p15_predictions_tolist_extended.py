# source: gimme1dollar/dacon_artist_classification inference.py (class indices added to a list batch by batch)
# verdict: hit; the list could be built from device tensors with one copy after the loop.
import torch


def inference(model, test_loader, device):
    model.to(device)
    model.eval()
    model_preds = []
    with torch.no_grad():
        for img in iter(test_loader):
            img = img.float().to(device)
            model_pred = model(img)
            model_preds += model_pred.argmax(1).detach().cpu().numpy().tolist()  # expect DEV008
    print("Done.")
    return model_preds
