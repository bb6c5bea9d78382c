# source: Drukpa77/UC_Virtual_Assistance (trainer config object; the fallback variant of its device field)
# verdict: look-alike: the object's device becomes the CPU right away where there is no GPU.
import torch


class TrainerConfig:
    def __init__(self) -> None:
        self.device = "cuda"
        if not torch.cuda.is_available():
            self.device = "cpu"
        self.epochs = 2
        self.train_batch_size = 4
