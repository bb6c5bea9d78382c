"""Driver for morvan-403_rnn_regressor: the notebook's code cells in order, plotting stubbed, loops capped at 3 steps."""

import _common

_common.stub_plotting()
_common.run_source(_common.notebook_source(), "morvan-403_rnn_regressor.ipynb", cap=3)
