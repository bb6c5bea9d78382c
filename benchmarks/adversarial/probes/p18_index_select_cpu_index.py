"""index_select on a CUDA tensor with a CPU index raises (no CPU-index exception for index_select).

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/core/op_registration/adaption.h (common_device_check_failure); e.g. https://github.com/bronemos/view-fusion/issues/4 (... cuda:0 and cpu! (when checking argument for argument index in method wrapper_CUDA__index_select))
FAMILY: indexing with CPU indices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.arange(5.0, device='cuda').index_select(0, torch.tensor([0, 1]))))
