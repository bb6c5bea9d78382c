# source: farhad-dalirani/vision-transformer-from-scratch (training config with a fixed GPU)
# verdict: hit: `cfg.device` sends the model to a GPU that may not exist (no torch import here:
#   reported, not fixed).
from dataclasses import dataclass


@dataclass(frozen=True)
class TrainingConfig:
    epochs: int = 300
    batch_size: int = 4096
    grad_clip_global_norm: float | None = 1.0
    device = "cuda:0"  # expect DEV007
    dataloader_num_workers = 2
