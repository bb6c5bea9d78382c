# source: atremblay/chronoRNN utils/varia.py (parameter checks run once before training)
# verdict: look-alike; the checks run once, not every step.
import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


def hasnan(x):
    return (x != x).any()


def debug_inits(module, log):
    for name, param in module.named_parameters():
        assert not hasnan(param), f"{name}"
        log.info(f"{name:14}: var {torch.var(param).data.cpu().numpy()} mean {torch.mean(param).data.cpu().numpy()}")


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
rnn = nn.GRU(4, 8).to(device)
debug_inits(rnn, logger)
optimizer = torch.optim.Adam(rnn.parameters())
for step in range(10):
    out, _ = rnn(torch.randn(5, 2, 4, device=device))
    loss = out.pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
