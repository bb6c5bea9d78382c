"""The 1-D GAN of before.py for PyTorch 2.x, now device-portable.

Real samples become float32 tensors with an explicit dtype; `torch.sigmoid` replaces `F.sigmoid`;
the preprocessing subtracts the row mean directly; numbers are read with `.item()` and
`.flatten().tolist()`, which also works for tensors on a GPU.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

data_mean = 4
data_stddev = 1.25
g_input_size, g_hidden_size, g_output_size = 1, 8, 1
d_input_size, d_hidden_size, d_output_size = 12, 8, 1
minibatch_size = d_input_size
d_learning_rate, g_learning_rate = 2e-4, 2e-4
optim_betas = (0.9, 0.999)
num_epochs = 3
print_interval = 1
d_steps, g_steps = 1, 1


def get_distribution_sampler(mu, sigma):
    return lambda n: torch.tensor(np.random.normal(mu, sigma, (1, n)), dtype=torch.float32, device=device)


def get_generator_input_sampler():
    return lambda m, n: torch.rand(m, n).to(device)  # drawn on the CPU as before, then moved


class Generator(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.map1 = nn.Linear(input_size, hidden_size)
        self.map2 = nn.Linear(hidden_size, hidden_size)
        self.map3 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = F.elu(self.map1(x))
        x = torch.sigmoid(self.map2(x))
        return self.map3(x)


class Discriminator(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.map1 = nn.Linear(input_size, hidden_size)
        self.map2 = nn.Linear(hidden_size, hidden_size)
        self.map3 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = F.elu(self.map1(x))
        x = F.elu(self.map2(x))
        return torch.sigmoid(self.map3(x))


def extract(v):
    return v.detach().flatten().tolist()


def stats(d):
    return [np.mean(d), np.std(d)]


def decorate_with_diffs(data, exponent):
    mean = data.detach().mean(1)[0]  # the first row's mean, for every row, as before
    diffs = torch.pow(data - mean, exponent)
    return torch.cat([data, diffs], 1)


def run():
    np.random.seed(0)
    torch.manual_seed(0)
    d_sampler = get_distribution_sampler(data_mean, data_stddev)
    gi_sampler = get_generator_input_sampler()

    def preprocess(data):
        return decorate_with_diffs(data, 2.0)

    G = Generator(input_size=g_input_size, hidden_size=g_hidden_size, output_size=g_output_size).to(device)
    D = Discriminator(input_size=d_input_size * 2, hidden_size=d_hidden_size,
                      output_size=d_output_size).to(device)
    criterion = nn.BCELoss()
    d_optimizer = optim.Adam(D.parameters(), lr=d_learning_rate, betas=optim_betas)
    g_optimizer = optim.Adam(G.parameters(), lr=g_learning_rate, betas=optim_betas)
    ones = torch.ones(1, 1, device=device)
    zeros = torch.zeros(1, 1, device=device)
    log = []
    for epoch in range(num_epochs):
        for d_index in range(d_steps):
            D.zero_grad()
            d_real_data = d_sampler(d_input_size)
            d_real_decision = D(preprocess(d_real_data))
            d_real_error = criterion(d_real_decision, ones)
            d_real_error.backward()

            d_gen_input = gi_sampler(minibatch_size, g_input_size)
            d_fake_data = G(d_gen_input).detach()
            d_fake_decision = D(preprocess(d_fake_data.t()))
            d_fake_error = criterion(d_fake_decision, zeros)
            d_fake_error.backward()
            d_optimizer.step()

        for g_index in range(g_steps):
            G.zero_grad()
            gen_input = gi_sampler(minibatch_size, g_input_size)
            g_fake_data = G(gen_input)
            dg_fake_decision = D(preprocess(g_fake_data.t()))
            g_error = criterion(dg_fake_decision, ones)
            g_error.backward()
            g_optimizer.step()

        if epoch % print_interval == 0:
            row = ([d_real_error.item(), d_fake_error.item(), g_error.item()]
                   + stats(extract(d_real_data)) + stats(extract(d_fake_data)))
            print(f"{epoch}: D: {row[0]}/{row[1]} G: {row[2]} (Real: {row[3:5]}, Fake: {row[5:7]}) ")
            log.append(row)
    return {"log": log}


if __name__ == "__main__":
    print(run())
