# source: privateos/nlp_demo (3-seed/seed-3.py) and lynnkyle/Transformer (transformer/util/test.py)
# verdict: look-alike: `torch.cuda.manual_seed_all` and `manual_seed` are queued lazily and do nothing
#   without a GPU; the cuDNN flags are plain settings.
import numpy as np
import torch

seed = 1
np.random.seed(seed)
torch.manual_seed(seed)
torch.cuda.manual_seed_all(seed)
torch.cuda.manual_seed(seed)
torch.backends.cudnn.deterministic = True
