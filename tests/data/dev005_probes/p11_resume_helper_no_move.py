# source: GouriVerma/LLM-Training-and-Inference (test.py: the usual "load a checkpoint" snippet)
# verdict: look-alike: nothing moves the model in this file.
import torch
import torch.nn as nn
import torch.optim as optim


def load_ckp(checkpoint_fpath, model, optimizer):
    checkpoint = torch.load(checkpoint_fpath)
    model.load_state_dict(checkpoint["state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    return model, optimizer, checkpoint["epoch"]


model = nn.Linear(8, 2)
optimizer = optim.Adam(model.parameters(), lr=1e-3)
model, optimizer, start_epoch = load_ckp("checkpoint.pt", model, optimizer)
