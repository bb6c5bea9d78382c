# source: mamintoosi/TGCN-GSL-PyTorch utils/data/functions.py (windows cut into NumPy arrays, returned
#   as a tuple, then wrapped in a TensorDataset)
# verdict: hit: each name is a part of the tuple the file's own function returns, every part a NumPy
#   array built there: `torch.as_tensor`, safe.
import numpy as np
import torch


def windows(series, seq_len, pre_len, ratio=0.8):
    cut = int(len(series) * ratio)
    train, test = series[:cut], series[cut:]
    train_x, train_y, test_x, test_y = [], [], [], []
    for i in range(len(train) - seq_len - pre_len):
        train_x.append(np.array(train[i : i + seq_len]))
        train_y.append(np.array(train[i + seq_len : i + seq_len + pre_len]))
    for i in range(len(test) - seq_len - pre_len):
        test_x.append(np.array(test[i : i + seq_len]))
        test_y.append(np.array(test[i + seq_len : i + seq_len + pre_len]))
    return np.array(train_x), np.array(train_y), np.array(test_x), np.array(test_y)


def datasets(series, seq_len, pre_len):
    train_x, train_y, test_x, test_y = windows(series, seq_len, pre_len)
    train = torch.utils.data.TensorDataset(torch.as_tensor(train_x, dtype=torch.float32), torch.as_tensor(train_y, dtype=torch.float32))  # expect DEV009
    test = torch.utils.data.TensorDataset(torch.as_tensor(test_x, dtype=torch.float32), torch.as_tensor(test_y, dtype=torch.float32))  # expect DEV009
    return train, test
