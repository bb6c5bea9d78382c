# source: linyao1999/ML_MJO_Hovmoller (script/model/src/inference/predict.py)
# verdict: look-alike for DEV001: the input is moved in the model's call (the `.cuda()` is DEV007's).
import torch


def predict(model, data_loader):
    model.eval()
    predictions = []
    with torch.no_grad():
        for batch in data_loader:
            inputs, targets = batch
            outputs = model(inputs.cuda())
            predictions.append(outputs)
    return predictions
