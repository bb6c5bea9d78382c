"""Driver for jcjohnson-dynamic_net: a self-contained script on random tensors; its training loop runs 3 steps."""

import _common

_common.run_script(cap=3)
