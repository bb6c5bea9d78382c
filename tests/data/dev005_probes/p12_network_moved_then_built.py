# source: search excerpt without a repository name (RandLA-Net's `load_network`: resume, or build,
#   move, then build the optimizer)
# verdict: look-alike: the fresh branch moves the model before the optimizer; the resume branch gets
#   both from elsewhere.
import torch.optim as optim
import torch.nn as nn


def load_network(config, device, resume, resume_path=None):
    if resume_path is not None:
        model, optimizer, start_epoch = resume(config, resume_path)
    else:
        model = nn.Linear(config.d_in, config.d_out)
        model.to(device)
        start_epoch = 0
        optimizer = optim.Adam(model.parameters(), lr=config.learning_rate)
    scheduler = optim.lr_scheduler.StepLR(optimizer, config.step_size, gamma=config.decay_rate)
    return model, optimizer, start_epoch, scheduler
