# source: meijieru/crnn.pytorch (demo.py: the model moved only when CUDA is there, weights mapped to
#   the CPU first)
# verdict: look-alike.
import torch
import torch.nn as nn

model = nn.LSTM(8, 16)
if torch.cuda.is_available():
    model = model.cuda()
state = torch.load("crnn.pth", map_location=lambda storage, loc: storage)
model.load_state_dict(state)
