# source: BorisYang326/Deep-Font-Pytorch-Implementation (src/config.py; the variant without the
#   availability test, seen in several other training configs of the same search)
# verdict: hit: an annotated CUDA default that the trainer passes to `.to(cfg.device)`.
from dataclasses import dataclass

import torch


@dataclass
class TrainConfig:
    num_classes: int = 2383
    device: str = "cuda"  # expect DEV007
    batch_size: int = 4096
    lr: float = 1e-4


def build(cfg: TrainConfig):
    model = torch.nn.Linear(8, cfg.num_classes).to(cfg.device)
    return model
