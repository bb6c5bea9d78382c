from torch.nn import functional as F
__all__ = ["F"]
