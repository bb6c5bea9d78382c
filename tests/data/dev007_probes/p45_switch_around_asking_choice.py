# source: Jaghov/Glow (test_script: a GPU switch around a device choice that asks the machine)
# verdict: look-alike: with the switch on, the device is still the CPU where there is no GPU.
import torch

GPU = True
if GPU:
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
else:
    device = torch.device("cpu")
print(f"Using {device}")
