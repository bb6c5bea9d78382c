# source: crupib/AI (both branches of the availability test name CUDA: a copy-paste slip)
# verdict: hit in the `else` branch, which runs exactly when there is no GPU.
import torch

if torch.cuda.is_available():
    print("CUDA available")
    device = torch.device("cuda")
else:
    print("CUDA is not available. Using CPU.")
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")  # expect DEV007

x = torch.ones(3, device=device)
