# source: baoy-nlp/DSS-VAE-pytorch models/syntax_vae.py (a loader picks its device with the question left uncalled)
# verdict: hit: the function object is always true, so the GPU is chosen on every machine.
import torch


def load_model(path, model_class):
    params = torch.load(path, map_location=lambda storage, loc: storage)
    model = model_class(params["args"])
    model.load_state_dict(params["state_dict"])
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")  # expect DEV007
    model.to(device)
    return model
