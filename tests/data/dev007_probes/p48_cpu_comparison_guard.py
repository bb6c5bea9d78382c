# source: ultralytics/yolov5 (detect.py, 2020: warm-up and half precision only when the device is not the CPU)
# verdict: look-alike: the device asks the machine, and the CUDA-only calls run only off the CPU.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
half = device.type != "cpu"


def warm_up(model, size):
    if device.type != "cpu":
        model(torch.zeros(1, 3, size, size).to(device))
        torch.cuda.synchronize()
