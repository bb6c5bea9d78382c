# source: alirezadaghigh99/Code-Generation-Benchmark (d3rlpy's torch_utility: map_location by device string)
# verdict: look-alike: CUDA only when the caller's device names it.
from typing import Any


def map_location(device: str) -> Any:
    if "cuda" in device:
        return lambda storage, loc: storage.cuda(device)
    if "cpu" in device:
        return "cpu"
    raise ValueError(f"invalid device={device}")
