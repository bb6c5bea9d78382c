# source: priyammaz/PyTorch-Adventures PyTorch for Generation/AutoEncoders/Scaling up AutoEncoders/train_vae.py (eval losses listed per batch)
# verdict: hit, found, not fixed: the eval list starts at the top of the outer loop's body, not just before the
# eval loop, and is averaged and emptied in the same branch; it could stay on the device until the mean.
import numpy as np
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
net = nn.Linear(6, 6).to(device)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
train_loader = [torch.randn(4, 6) for _ in range(6)]
test_loader = [torch.randn(4, 6) for _ in range(2)]

step, keep_going = 0, True
while keep_going:
    train_losses = []
    test_losses = []
    for xb in train_loader:
        xb = xb.to(device)
        loss = ((net(xb) - xb) ** 2).mean()
        train_losses.append(loss.item())  # expect DEV008
        loss.backward()
        opt.step()
        opt.zero_grad()
        step += 1
        if step % 3 == 0:
            with torch.no_grad():
                for tb in test_loader:
                    tb = tb.to(device)
                    test_loss = ((net(tb) - tb) ** 2).mean()
                    test_losses.append(test_loss.item())  # expect DEV008
            print("train", np.mean(train_losses), "test", np.mean(test_losses))
            train_losses = []
            test_losses = []
        if step >= 6:
            keep_going = False
            break
