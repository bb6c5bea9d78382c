# source: ford442/MiDaS (midas/base_model.py, a fork that loads the weights straight onto GPU 0)
# verdict: hit: `map_location=torch.device("cuda:0")` raises on a machine without a GPU; GPU 0 is the
#   only one the file names, so the portable device takes its place.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class BaseModel(torch.nn.Module):
    def load(self, path):
        state = torch.load(path, map_location=device)  # expect DEV007
        if "optimizer" in state:
            state = state["model"]
        self.load_state_dict(state)
