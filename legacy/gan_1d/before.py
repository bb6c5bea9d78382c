"""A generative adversarial network for a 1-D Gaussian, in the manner of the 2017 "GANs in 50 lines"
post: CPU only, NumPy samples, small fully connected nets.

Real samples are `torch.Tensor(np.random.normal(...))` (float64 NumPy made float32 by the legacy
constructor); `F.sigmoid` and `F.elu` activations; the "decorate with diffs" preprocessing builds
`Variable(mean_broadcast)` from `torch.ones(data.size())`; numbers are read with
`v.data.storage().tolist()`.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

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
    return lambda n: torch.Tensor(np.random.normal(mu, sigma, (1, n)))  # Gaussian


def get_generator_input_sampler():
    return lambda m, n: torch.rand(m, n)  # Uniform-dist data into generator, _NOT_ Gaussian


class Generator(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(Generator, self).__init__()
        self.map1 = nn.Linear(input_size, hidden_size)
        self.map2 = nn.Linear(hidden_size, hidden_size)
        self.map3 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = F.elu(self.map1(x))
        x = F.sigmoid(self.map2(x))
        return self.map3(x)


class Discriminator(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(Discriminator, self).__init__()
        self.map1 = nn.Linear(input_size, hidden_size)
        self.map2 = nn.Linear(hidden_size, hidden_size)
        self.map3 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = F.elu(self.map1(x))
        x = F.elu(self.map2(x))
        return F.sigmoid(self.map3(x))


def extract(v):
    return v.data.storage().tolist()


def stats(d):
    return [np.mean(d), np.std(d)]


def decorate_with_diffs(data, exponent):
    mean = torch.mean(data.data, 1)
    mean_broadcast = torch.mul(torch.ones(data.size()), mean.tolist()[0])
    diffs = torch.pow(data - Variable(mean_broadcast), exponent)
    return torch.cat([data, diffs], 1)


def run():
    np.random.seed(0)
    torch.manual_seed(0)
    d_sampler = get_distribution_sampler(data_mean, data_stddev)
    gi_sampler = get_generator_input_sampler()
    preprocess = lambda data: decorate_with_diffs(data, 2.0)
    G = Generator(input_size=g_input_size, hidden_size=g_hidden_size, output_size=g_output_size)
    D = Discriminator(input_size=d_input_size * 2, hidden_size=d_hidden_size, output_size=d_output_size)
    criterion = nn.BCELoss()
    d_optimizer = optim.Adam(D.parameters(), lr=d_learning_rate, betas=optim_betas)
    g_optimizer = optim.Adam(G.parameters(), lr=g_learning_rate, betas=optim_betas)
    log = []
    for epoch in range(num_epochs):
        for d_index in range(d_steps):
            D.zero_grad()
            d_real_data = Variable(d_sampler(d_input_size))
            d_real_decision = D(preprocess(d_real_data))
            d_real_error = criterion(d_real_decision, Variable(torch.ones(1, 1)))
            d_real_error.backward()

            d_gen_input = Variable(gi_sampler(minibatch_size, g_input_size))
            d_fake_data = G(d_gen_input).detach()
            d_fake_decision = D(preprocess(d_fake_data.t()))
            d_fake_error = criterion(d_fake_decision, Variable(torch.zeros(1, 1)))
            d_fake_error.backward()
            d_optimizer.step()

        for g_index in range(g_steps):
            G.zero_grad()
            gen_input = Variable(gi_sampler(minibatch_size, g_input_size))
            g_fake_data = G(gen_input)
            dg_fake_decision = D(preprocess(g_fake_data.t()))
            g_error = criterion(dg_fake_decision, Variable(torch.ones(1, 1)))
            g_error.backward()
            g_optimizer.step()

        if epoch % print_interval == 0:
            print("%s: D: %s/%s G: %s (Real: %s, Fake: %s) " % (
                epoch, extract(d_real_error)[0], extract(d_fake_error)[0], extract(g_error)[0],
                stats(extract(d_real_data)), stats(extract(d_fake_data))))
            log.append([extract(d_real_error)[0], extract(d_fake_error)[0], extract(g_error)[0]]
                       + stats(extract(d_real_data)) + stats(extract(d_fake_data)))
    return {"log": log}


if __name__ == '__main__':
    print(run())
