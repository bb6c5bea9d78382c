"""Driver for jcjohnson-two_layer_net_tensor: a self-contained script on random tensors; its training loop runs 3 steps."""

import _common

_common.run_script(cap=3)
