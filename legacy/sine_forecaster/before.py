"""Two stacked LSTM cells learning sine waves, after the 2017 pytorch/examples time_sequence_prediction.

The waves are float64 NumPy arrays and the model is made `.double()` to match them (the author's
choice, kept); inputs are `Variable(torch.from_numpy(...), requires_grad=False)`; the hidden states
are created inside `forward` as `Variable(torch.zeros(...).double(), requires_grad=False)`; LBFGS
prints `loss.data.numpy()[0]` in its closure; a `use_cuda` flag moves the model and data.
"""
from __future__ import print_function
import numpy as np
import torch
import torch.nn as nn
from torch.autograd import Variable
import torch.optim as optim

use_cuda = torch.cuda.is_available()
HIDDEN = 8


def generate_sine_wave(T=20, L=30, N=6, seed=2):
    rng = np.random.RandomState(seed)
    x = np.empty((N, L), 'int64')
    x[:] = np.array(range(L)) + rng.randint(-4 * T, 4 * T, N).reshape(N, 1)
    return np.sin(x / 1.0 / T).astype('float64')


class Sequence(nn.Module):
    def __init__(self):
        super(Sequence, self).__init__()
        self.lstm1 = nn.LSTMCell(1, HIDDEN)
        self.lstm2 = nn.LSTMCell(HIDDEN, HIDDEN)
        self.linear = nn.Linear(HIDDEN, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = Variable(torch.zeros(input.size(0), HIDDEN).double(), requires_grad=False)
        c_t = Variable(torch.zeros(input.size(0), HIDDEN).double(), requires_grad=False)
        h_t2 = Variable(torch.zeros(input.size(0), HIDDEN).double(), requires_grad=False)
        c_t2 = Variable(torch.zeros(input.size(0), HIDDEN).double(), requires_grad=False)

        for i, input_t in enumerate(input.chunk(input.size(1), dim=1)):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        for i in range(future):  # if we should predict the future
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        outputs = torch.stack(outputs, 1).squeeze(2)
        return outputs


def run():
    np.random.seed(0)
    torch.manual_seed(0)
    data = generate_sine_wave()
    input = Variable(torch.from_numpy(data[2:, :-1]), requires_grad=False)
    target = Variable(torch.from_numpy(data[2:, 1:]), requires_grad=False)
    test_input = Variable(torch.from_numpy(data[:2, :-1]), requires_grad=False)
    test_target = Variable(torch.from_numpy(data[:2, 1:]), requires_grad=False)
    seq = Sequence()
    seq.double()
    if use_cuda:
        seq.cuda()
        input, target = input.cuda(), target.cuda()
        test_input, test_target = test_input.cuda(), test_target.cuda()
    criterion = nn.MSELoss()
    optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=4)
    train_losses, test_losses = [], []
    for i in range(2):
        print('STEP: ', i)

        def closure():
            optimizer.zero_grad()
            out = seq(input)
            loss = criterion(out, target)
            print('loss:', loss.data.cpu().numpy()[0])
            train_losses.append(loss.data.cpu().numpy()[0])
            loss.backward()
            return loss
        optimizer.step(closure)
        future = 5
        pred = seq(test_input, future=future)
        loss = criterion(pred[:, :-future], test_target)
        print('test loss:', loss.data.cpu().numpy()[0])
        test_losses.append(loss.data.cpu().numpy()[0])
        y = pred.data.cpu().numpy()
    return {"train": train_losses, "test": test_losses, "prediction": y}


if __name__ == '__main__':
    print(run())
