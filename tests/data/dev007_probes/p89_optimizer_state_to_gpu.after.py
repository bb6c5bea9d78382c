# source: wwang107/master-thesis (src/utils/load_model.py: a checkpoint loader that moves the
#   optimizer's state to the GPU by hand)
# verdict: hit: `v.cuda()` on each state tensor, with no question asked.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def load_checkpoint(model, optimizer, path):
    checkpoint = torch.load(path)
    epoch = checkpoint["epoch"]
    model.load_state_dict(checkpoint["model_state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer_state_dict"])
    for state in optimizer.state.values():
        for k, v in state.items():
            if isinstance(v, torch.Tensor):
                state[k] = v.to(device)  # expect DEV007
    return epoch
