"""The hand-written two-layer network of before.py for PyTorch 2.x.

Tensors are made on the CPU as before and moved to `device`; the weights are leaves with
`requires_grad_()`; the update runs under `torch.no_grad()` and the gradients are zeroed in place.
"""
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    torch.manual_seed(0)
    N, D_in, H, D_out = 16, 10, 20, 3
    x = torch.randn(N, D_in).to(device)
    y = torch.randn(N, D_out).to(device)
    w1 = torch.randn(D_in, H).to(device).requires_grad_()
    w2 = torch.randn(H, D_out).to(device).requires_grad_()

    learning_rate = 1e-4
    losses = []
    for t in range(5):
        y_pred = x.mm(w1).clamp(min=0).mm(w2)
        loss = (y_pred - y).pow(2).sum()
        print(t, loss.item())
        losses.append(loss.item())
        loss.backward()
        with torch.no_grad():
            w1 -= learning_rate * w1.grad
            w2 -= learning_rate * w2.grad
            w1.grad.zero_()
            w2.grad.zero_()
    return {"losses": losses, "w2": w2.detach()}


if __name__ == "__main__":
    print(run())
