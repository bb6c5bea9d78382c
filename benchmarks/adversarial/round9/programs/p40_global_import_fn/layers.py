def _load():
    global F
    import torch.nn.functional as F
_load()
