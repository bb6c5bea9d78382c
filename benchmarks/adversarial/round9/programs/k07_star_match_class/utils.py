import torch
match 1:
    case int(F):
        pass
