# source: Jeff-sjtu/HybrIK scripts/demo_image.py (a demo whose --gpu option, an int defaulting to 0,
#   picks the GPU every model and input goes to, with no CPU path)
# verdict: hit on each `.cuda(opt.gpu)`: fixed to that GPU where there is one, else the CPU.
#   `.to(opt.gpu)` of an int index is the same placement, fixed the same way.
import argparse

import torch

parser = argparse.ArgumentParser(description="pose demo")
parser.add_argument("--gpu", help="which GPU", default=0, type=int)
parser.add_argument("--image-dir", default="", type=str)
opt = parser.parse_args()
device = torch.device(f"cuda:{opt.gpu}" if torch.cuda.is_available() else "cpu")

detector = build_detector(pretrained=True)
pose_model = build_pose_model(config)
pose_model.load_state_dict(torch.load("weights.pth", map_location="cpu"), strict=False)

detector.to(device)  # expect DEV007
pose_model.to(device)  # expect DEV007
detector.eval()
pose_model.eval()

for name in list_images(opt.image_dir):
    image = read_image(name)
    found = detector([to_tensor(image).to(device)])[0]  # expect DEV007
    crop = crop_person(image, found)
    output = pose_model(crop.to(device)[None])  # expect DEV007
    save(name, output)
