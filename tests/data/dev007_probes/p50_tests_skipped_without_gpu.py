# source: pytest helpers of the kind `skip_if_cuda_not_available = pytest.mark.skipif(not
#   torch.cuda.is_available(), ...)` (search excerpts without a repository name) and
#   m4hfuj/Pytorch-Basics (tensors made on the GPU only when there is one)
# verdict: look-alike: every test below is skipped where there is no GPU.
import unittest

import pytest
import torch

skip_if_cuda_not_available = pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA is not available.")


class TestOps(unittest.TestCase):
    @unittest.skipIf(not torch.cuda.is_available(), "needs a GPU")
    def test_add(self):
        x = torch.ones(3).cuda()
        self.assertEqual(x.sum().item(), 3)


@skip_if_cuda_not_available
def test_mul():
    y = torch.ones(3, device="cuda")
    assert y.sum().item() == 3
