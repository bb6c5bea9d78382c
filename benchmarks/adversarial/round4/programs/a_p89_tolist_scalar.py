import numpy as np
import torch

scores = np.array([0.1, 0.7, 0.2])
best = np.argmax(scores)
t = torch.LongTensor(best.tolist())
print(t.shape)
