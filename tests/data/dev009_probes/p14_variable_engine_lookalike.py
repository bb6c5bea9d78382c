# source: NVIDIA/Megatron-LM megatron/core/pipeline_parallel/schedules.py (Variable's engine, used directly)
# verdict: look-alike: `Variable._execution_engine` still exists; nothing here is legacy.
import torch
from torch.autograd.variable import Variable


def custom_backward(output, grad_output):
    if grad_output is None:
        grad_output = torch.ones_like(output, memory_format=torch.preserve_format)
    Variable._execution_engine.run_backward(
        tensors=(output,),
        grad_tensors=(grad_output,),
        keep_graph=False,
        create_graph=False,
        inputs=tuple(),
        allow_unreachable=True,
        accumulate_grad=True,
    )
