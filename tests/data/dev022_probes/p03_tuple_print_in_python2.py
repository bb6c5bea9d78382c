# source: RobotLocomotion/pytorch-dense-correspondence evaluation (print statements beside `print("label", value)`, which Python 2 printed as a tuple)
# verdict: hit. `print("shape:", x.shape)` in a Python 2 file printed a tuple; `print(("shape:", x.shape))` keeps that.
import torch


def describe(descriptors):
    print "descriptor stats"  # expect DEV022
    print("shape:", descriptors.shape)  # expect DEV022
    print("mean", descriptors.mean().item())  # expect DEV022
    print(descriptors.norm())
    return descriptors.std()
