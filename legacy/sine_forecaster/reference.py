"""The sine-wave forecaster of before.py for PyTorch 2.x.

The model stays float64 like its data (the author's choice); the hidden states are made with
`input.new_zeros` (on the input's device and dtype); losses are read with `.item()`; the evaluation
runs under `torch.no_grad()`; one `device` replaces the `use_cuda` branches.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
HIDDEN = 8


def generate_sine_wave(T=20, L=30, N=6, seed=2):
    rng = np.random.RandomState(seed)
    x = np.empty((N, L), "int64")
    x[:] = np.array(range(L)) + rng.randint(-4 * T, 4 * T, N).reshape(N, 1)
    return np.sin(x / 1.0 / T).astype("float64")


class Sequence(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm1 = nn.LSTMCell(1, HIDDEN)
        self.lstm2 = nn.LSTMCell(HIDDEN, HIDDEN)
        self.linear = nn.Linear(HIDDEN, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = input.new_zeros(input.size(0), HIDDEN)
        c_t = input.new_zeros(input.size(0), HIDDEN)
        h_t2 = input.new_zeros(input.size(0), HIDDEN)
        c_t2 = input.new_zeros(input.size(0), HIDDEN)

        for input_t in input.chunk(input.size(1), dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        for _ in range(future):  # if we should predict the future
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        return torch.stack(outputs, 1).squeeze(2)


def run():
    np.random.seed(0)
    torch.manual_seed(0)
    data = torch.from_numpy(generate_sine_wave()).to(device)
    input, target = data[2:, :-1], data[2:, 1:]
    test_input, test_target = data[:2, :-1], data[:2, 1:]
    seq = Sequence().double().to(device)
    criterion = nn.MSELoss()
    optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=4)
    train_losses, test_losses = [], []
    for i in range(2):
        print("STEP: ", i)

        def closure():
            optimizer.zero_grad()
            out = seq(input)
            loss = criterion(out, target)
            print("loss:", loss.item())
            train_losses.append(loss.item())
            loss.backward()
            return loss
        optimizer.step(closure)
        with torch.no_grad():
            future = 5
            pred = seq(test_input, future=future)
            loss = criterion(pred[:, :-future], test_target)
            print("test loss:", loss.item())
            test_losses.append(loss.item())
            y = pred.cpu().numpy()
    return {"train": train_losses, "test": test_losses, "prediction": y}


if __name__ == "__main__":
    print(run())
