"""DEV014's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
The ``async=`` fix is made before the file is parsed, outside ``check()``: its examples are in
tests/test_autofix/engine/test_text_fixes.py.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch
        import torch.nn as nn
        nn.init.xavier_uniform_(layer.weight)
        nn.init.constant_(layer.bias, 0.0)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        x = x.cuda(non_blocking=True)
        """
    ),
    # Functions of the same name elsewhere: torch's sampling functions, NumPy's, a user's `init` module.
    Valid(
        """
        import numpy as np
        import torch
        import mylib.init as init
        a = torch.normal(0.0, 1.0, (3,)) + torch.eye(3)
        b = np.random.uniform(size=3) + np.random.normal(size=3)
        init.xavier_uniform(model)
        """
    ),
    # Functions of torch.nn.init that were never renamed.
    Valid(
        """
        import torch.nn as nn
        gain = nn.init.calculate_gain("relu")
        nn.init.trunc_normal_(w, std=0.02)
        """
    ),
    # A method of the user's own, and a keyword argument named like one.
    Valid(
        """
        import torch
        class Net(torch.nn.Module):
            def uniform(self, w):
                return self.init.uniform(w)
        trainer.fit(model, clip_grad_norm=1.0)
        """
    ),
    # `async` in a string and in a comment, and an `async` function: nothing to rename.
    Valid(
        """
        import torch
        doc = "x.cuda(async=True) was the old spelling"  # x.cuda(async=True)
        async def load(x):
            return x.cuda(non_blocking=True)
        """
    ),
    # The new name assigned to a variable of the same name, and an old name defined by the user.
    Valid(
        """
        import torch
        from torch.nn.init import xavier_uniform_
        def xavier_uniform(w):
            return xavier_uniform_(w)
        clip_grad_norm = torch.nn.utils.clip_grad_norm_
        """
    ),
    # A model's own `upsample` layer and method, `nn.Upsample`, and a user's `NLLLoss2d`: not torch's.
    Valid(
        """
        import torch.nn as nn
        class Decoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.upsample = nn.Upsample(scale_factor=2)
            def forward(self, x):
                return self.upsample(x)
        class NLLLoss2d(nn.NLLLoss):
            pass
        criterion = NLLLoss2d()
        """
    ),
]

INVALID = [
    # PyTorch 0.4's drop-in replacements: `NLLLoss2d` is `NLLLoss`, `F.upsample` is `F.interpolate`.
    Invalid(
        """
        import torch.nn as nn
        import torch.nn.functional as F
        criterion = nn.NLLLoss2d(weight=class_weights, ignore_index=255)
        def up(x):
            return F.upsample(x, scale_factor=2, mode="bilinear")
        """,
        """
        import torch.nn as nn
        import torch.nn.functional as F
        criterion = nn.NLLLoss(weight=class_weights, ignore_index=255)
        def up(x):
            return F.interpolate(x, scale_factor=2, mode="bilinear")
        """,
        message="`nn.NLLLoss` is its new name",
        line=3,
    ),
    Invalid(
        """
        import torch.nn as nn
        nn.init.xavier_uniform(layer.weight)
        """,
        """
        import torch.nn as nn
        nn.init.xavier_uniform_(layer.weight)
        """,
        message="`nn.init.xavier_uniform_` is its new name",
        line=2,
    ),
    # `import torch.nn.init as init`, with keyword arguments kept as they are.
    Invalid(
        """
        import torch.nn.init as init
        for m in modules:
            init.kaiming_normal(m.weight, mode="fan_out")
            init.constant(m.bias, 0)
        """,
        """
        import torch.nn.init as init
        for m in modules:
            init.kaiming_normal_(m.weight, mode="fan_out")
            init.constant_(m.bias, 0)
        """,
        message="`init.kaiming_normal` is deprecated",
        line=3,
    ),
    # `from torch.nn import init`; spelled in full; passed on without a call.
    Invalid(
        """
        import torch
        from torch.nn import init
        torch.nn.init.orthogonal(rnn.weight_hh_l0)
        initialise = init.normal
        """,
        """
        import torch
        from torch.nn import init
        torch.nn.init.orthogonal_(rnn.weight_hh_l0)
        initialise = init.normal_
        """,
        line=3,
    ),
    Invalid(
        """
        import torch
        torch.nn.utils.clip_grad_norm(model.parameters(), 0.25)
        """,
        """
        import torch
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
        """,
        message="`torch.nn.utils.clip_grad_norm` is deprecated",
        line=2,
    ),
    # `from torch.nn import utils`, the total norm kept.
    Invalid(
        """
        from torch.nn import utils
        total_norm = utils.clip_grad_norm(params, max_norm=5.0, norm_type=2)
        """,
        """
        from torch.nn import utils
        total_norm = utils.clip_grad_norm_(params, max_norm=5.0, norm_type=2)
        """,
        line=2,
    ),
    # Imported by name (pggan's `from torch.nn.init import kaiming_normal`): the import binds the new
    # function under the name the file uses, which cures every use.
    Invalid(
        """
        import torch
        from torch.nn.utils import clip_grad_norm
        clip_grad_norm(model.parameters(), 0.5)
        """,
        """
        import torch
        from torch.nn.utils import clip_grad_norm_ as clip_grad_norm
        clip_grad_norm(model.parameters(), 0.5)
        """,
        message="import it under the name the file uses, `clip_grad_norm_ as clip_grad_norm`",
        line=2,
    ),
    Invalid(
        """
        import torch
        from torch.nn.init import xavier_normal, uniform as init_uniform, calculate_gain
        xavier_normal(w, gain=calculate_gain("relu"))
        init_uniform(b, -0.1, 0.1)
        """,
        """
        import torch
        from torch.nn.init import xavier_normal_ as xavier_normal, uniform_ as init_uniform, calculate_gain
        xavier_normal(w, gain=calculate_gain("relu"))
        init_uniform(b, -0.1, 0.1)
        """,
        message="(imported by name: its import is rewritten)",
        line=2,
    ),
    # `NLLLoss2d` by name: `NLLLoss` under that name would pass `isinstance` tests the class failed.
    Invalid(
        """
        import torch
        from torch.nn import NLLLoss2d
        criterion = NLLLoss2d()
        """,
        None,
        message="import `NLLLoss` instead",
        line=3,
    ),
]
