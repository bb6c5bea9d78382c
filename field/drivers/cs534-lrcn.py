"""Driver for cs534-lrcn: LRCN on the device, one forward/backward on one random 227x227 frame
(batch 1, the size the model's constructor fixes)."""

import _common
import torch

module = _common.load()
device = _common.device()
model = module.LRCN(embedding_dim=8, hidden_dim=8, lstm_layer=1, batch=1).to(device)
frames = torch.randn(1, 3, 227, 227, device=device)
model(frames).sum().backward()
