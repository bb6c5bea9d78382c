"""Driver for morvan-406_gan: the notebook's code cells in order, plotting stubbed, loops capped at 3
steps; cell 7 (the pre-0.4 training loop, `backward(retain_variables=True)`, refused by any PyTorch
since 1.0) is left out: cell 8 is the notebook's own modern version of it."""

import _common

_common.stub_plotting()
_common.run_source(_common.notebook_source(skip=(7,)), "morvan-406_gan.ipynb", cap=3)
