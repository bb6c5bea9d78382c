# source: ayooshkathuria/pytorch-yolo-v3 util.py (the box decoder, copied by YOLOX and many forks)
# verdict: hit: `x.new(x.shape)` is given the tensor's own torch.Size, a size: `new_empty`.
import torch


def corners(prediction, conf_thres):
    mask = (prediction[:, :, 4] > conf_thres).float().unsqueeze(2)
    prediction = prediction * mask
    box = prediction.new(prediction.shape)  # expect DEV009
    box[:, :, 0] = prediction[:, :, 0] - prediction[:, :, 2] / 2
    box[:, :, 1] = prediction[:, :, 1] - prediction[:, :, 3] / 2
    box[:, :, 2] = prediction[:, :, 0] + prediction[:, :, 2] / 2
    box[:, :, 3] = prediction[:, :, 1] + prediction[:, :, 3] / 2
    prediction[:, :, :4] = box[:, :, :4]
    return prediction
