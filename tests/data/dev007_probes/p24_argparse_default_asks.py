# source: leolalvay/WEP-2026-image-reconstruction (a --device option whose default asks the machine)
# verdict: look-alike.
import argparse

import torch


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def main():
    args = parse_args()
    print("device:", args.device)
    if torch.cuda.is_available():
        print("gpu:", torch.cuda.get_device_name(0))
