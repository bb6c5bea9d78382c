"""Two CPU 0-dim inputs with a CUDA out= tensor raise (only one input may stay a CPU scalar).

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/test/tensor_iterator_test.cpp (CPUScalarInputs: ASSERT_ANY_THROW)
FAMILY: scalars
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

out = torch.empty(5, 5, device='cuda')
print('RESULT:', outcome(lambda: torch.add(torch.tensor(1.0), torch.tensor(2.0), out=out).device))
