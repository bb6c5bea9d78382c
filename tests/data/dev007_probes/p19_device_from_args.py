# source: wcy-cs/SPADNet (the device the user passes on the command line)
# verdict: look-alike: the user chooses.
import torch


def init_model(model, args):
    device = torch.device(args.device)
    model = model.to(device)
    return model
