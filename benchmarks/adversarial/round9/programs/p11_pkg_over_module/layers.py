import torch
def helper():
    return 1
