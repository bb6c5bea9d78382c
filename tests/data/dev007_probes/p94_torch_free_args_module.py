# source: Tennine2077/PDFNet args.py
import argparse


def build_parser():
    parser = argparse.ArgumentParser("segmentation training", add_help=False)
    parser.add_argument("--batch_size", default=2, type=int)
    parser.add_argument("--lr", type=float, default=1e-5)
    parser.add_argument("--out_dir", default="", help="where results go")
    parser.add_argument("--device", default="cuda", help="device for training and testing")  # expect DEV007
    parser.add_argument("--workers", default=8, type=int)
    return parser
