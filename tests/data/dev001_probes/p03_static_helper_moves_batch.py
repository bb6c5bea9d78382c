# source: search excerpt without a repository name (a ModelHandler with static set-up and move helpers)
# verdict: look-alike: the batch goes through the class's own move helper before the model sees it.
import torch


class ModelHandler:
    @staticmethod
    def setup_training(model, device):
        return model.to(device).train(), torch.nn.CrossEntropyLoss()

    @staticmethod
    def move_to_device(batch, device):
        return batch[0].to(device), batch[1].to(device)


def run(model, loader, device):
    model, criterion = ModelHandler.setup_training(model, device)
    opt = torch.optim.Adam(model.parameters(), lr=3e-4)
    for batch in loader:
        x, y = ModelHandler.move_to_device(batch, device)
        loss = criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
