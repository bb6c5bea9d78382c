# source: nasseralbess/torch_dist (single-GPU trainer handed a GPU index by its caller)
# verdict: look-alike: the caller chooses the GPU.
import torch
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model: torch.nn.Module, train_data: DataLoader, optimizer, gpu_id: int):
        self.gpu_id = gpu_id
        self.model = model.to(gpu_id)
        self.train_data = train_data
        self.optimizer = optimizer

    def run_batch(self, source, targets):
        source, targets = source.to(self.gpu_id), targets.to(self.gpu_id)
        self.optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(self.model(source), targets)
        loss.backward()
        self.optimizer.step()
