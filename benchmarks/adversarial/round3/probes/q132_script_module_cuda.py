"""a ScriptModule's .cuda() moves its parameters

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.jit.ScriptModule.html
FAMILY: jit/script
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.jit.script(torch.nn.Linear(2, 2)).cuda().weight.device
print('RESULT:', r)
