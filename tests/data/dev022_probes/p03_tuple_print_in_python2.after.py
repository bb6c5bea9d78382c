# source: RobotLocomotion/pytorch-dense-correspondence evaluation (print statements beside `print("label", value)`, which Python 2 printed as a tuple)
# verdict: hit. `print("shape:", x.shape)` in a Python 2 file printed a tuple; `print(("shape:", x.shape))` keeps that.
import torch


def describe(descriptors):
    print("descriptor stats")
    print(("shape:", descriptors.shape))
    print(("mean", descriptors.mean().item()))
    print(descriptors.norm())
    return descriptors.std()
