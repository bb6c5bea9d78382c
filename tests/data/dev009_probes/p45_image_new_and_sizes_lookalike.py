# source: yjdxwz/AI_study Pytorch_code-master/pytorch_code/03/demo_attribute.py (modern sparse and
#   typed factories), with PIL's Image.new given another object's size
# verdict: look-alike: `sparse_coo_tensor` and dtype/device keywords are today's API; `Image.new` is PIL's.
import torch
from PIL import Image

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
a = torch.tensor([2, 2], dtype=torch.float32, device=dev)
i = torch.tensor([[0, 1, 2], [0, 1, 2]])
v = torch.tensor([1, 2, 3])
s = torch.sparse_coo_tensor(i, v, (4, 4), dtype=torch.float32, device=dev).to_dense()
photo = Image.open("x.png")
canvas = Image.new("RGB", photo.size)
