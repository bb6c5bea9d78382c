# source: unnamed file of the code index (a dialogue VAE: a type on self, filled, cast to long)
# verdict: hit: the alias (float32 on the GPU, the default dtype on the CPU) and the filled size.
import torch
import torch.nn as nn


class DialogueVAE(nn.Module):
    def __init__(self, max_len, pad_idx):
        super().__init__()
        self.tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.Tensor
        self.max_len = max_len
        self.pad_idx = pad_idx

    def inference(self, batch_size):
        generations = self.tensor(batch_size, self.max_len).fill_(self.pad_idx).long()
        return generations
