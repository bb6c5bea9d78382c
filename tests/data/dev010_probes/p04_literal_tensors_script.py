# source: KennethEnevoldsen/snp-transformer src/snp_transformer/test.py (literal data moved in a script)
# verdict: hit, twice: each literal is copied into a host tensor and then to the GPU (a call over
# several lines is reported on its first).
import torch

device = torch.device("cuda")

logits = torch.tensor(  # expect DEV010
    [
        [-1.5, -2.0, 0.25, -0.5],
        [-1.5, -2.0, 0.25, -0.5],
    ],
).to(device)
target = torch.tensor([1, -1]).long().to(device)  # expect DEV010

print(torch.nn.functional.cross_entropy(logits, target, ignore_index=-1))
