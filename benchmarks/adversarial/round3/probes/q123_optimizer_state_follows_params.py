"""optimizer.load_state_dict moves state to the params

EXPECT: cpu
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/optim/optimizer.py (_process_value_according_to_param_policy: to param.device)
FAMILY: checkpoint save/load
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

import io
m = torch.nn.Linear(2, 2).cuda()
o = torch.optim.Adam(m.parameters())
m(torch.ones(1, 2, device='cuda')).sum().backward()
o.step()
b = io.BytesIO()
torch.save(o.state_dict(), b)
b.seek(0)
m2 = torch.nn.Linear(2, 2)
o2 = torch.optim.Adam(m2.parameters())
o2.load_state_dict(torch.load(b))
r = o2.state[m2.weight]['exp_avg'].device
print('RESULT:', r)
