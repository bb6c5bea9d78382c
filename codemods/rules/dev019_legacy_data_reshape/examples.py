"""DEV019's examples: code it must leave alone (VALID) and code it must fix (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch
        feature = feature.t()
        """
    ),
    # A value change through `.data` still reaches the tensor.
    Valid(
        """
        import torch
        target.data.sub_(1)
        """
    ),
    # The reshaped temporary is used: the code means the temporary.
    Valid(
        """
        import torch
        first = x.data.t_()[0]
        """
    ),
    # In place on the tensor itself.
    Valid(
        """
        import torch
        x.t_()
        """
    ),
    # Out of place: nothing is lost.
    Valid(
        """
        import torch
        y = x.data.t()
        """
    ),
    # `.data` of a call's result: there is no tensor to write back to.
    Valid(
        """
        import torch
        model(x).data.squeeze_()
        """
    ),
]

INVALID = [
    # The torchtext idiom of 2017: a tuple statement of in-place fix-ups.
    Invalid(
        """
        import torch
        for batch in train_iter:
            feature, target = batch.text, batch.label
            feature.data.t_(), target.data.sub_(1)  # batch first, index align
        """,
        """
        import torch
        for batch in train_iter:
            feature, target = batch.text, batch.label
            feature.t_(), target.data.sub_(1)  # batch first, index align
        """,
        message="reshapes a temporary",
        line=4,
    ),
    # A statement of its own.
    Invalid(
        """
        import torch
        x.data.t_()
        """,
        """
        import torch
        x.t_()
        """,
        line=2,
    ),
    # transpose_ with its dimensions, on an attribute.
    Invalid(
        """
        import torch
        self.h.data.transpose_(0, 1)
        """,
        """
        import torch
        self.h.transpose_(0, 1)
        """,
        line=2,
    ),
    # squeeze_ and unsqueeze_.
    Invalid(
        """
        import torch
        def fix(x, y):
            x.data.squeeze_(1)
            y.data.unsqueeze_(0)
            return x, y
        """,
        """
        import torch
        def fix(x, y):
            x.squeeze_(1)
            y.unsqueeze_(0)
            return x, y
        """,
        line=3,
    ),
    # Blank lines and comments before it stay.
    Invalid(
        """
        import torch

        # sequence first -> batch first
        inputs.data.t_()
        """,
        """
        import torch

        # sequence first -> batch first
        inputs.t_()
        """,
        line=4,
    ),
    # Two reshapes in one tuple statement.
    Invalid(
        """
        import torch
        a.data.t_(), b.data.t_()
        """,
        """
        import torch
        a.t_(), b.t_()
        """,
        line=2,
    ),
]
