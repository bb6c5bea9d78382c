"""The losses that still take ``size_average=`` and ``reduce=``, and how many parameters come before them.

Read from PyTorch 2.13's signatures (``tests/test_codemods/rules/test_dev013_losses.py`` checks this
table against torch's own, so that it cannot drift): a legacy argument passed by position is one whose
index is at least the count here.
"""

from __future__ import annotations

# The loss modules: `nn.X(weight, size_average, ...)`; the count excludes `self`.
LOSS_MODULES: dict[str, int] = {
    "BCELoss": 1,
    "BCEWithLogitsLoss": 1,
    "CosineEmbeddingLoss": 1,
    "CrossEntropyLoss": 1,
    "HingeEmbeddingLoss": 1,
    "KLDivLoss": 0,
    "L1Loss": 0,
    "MSELoss": 0,
    "MarginRankingLoss": 1,
    "MultiLabelMarginLoss": 0,
    "MultiLabelSoftMarginLoss": 1,
    "MultiMarginLoss": 3,
    "NLLLoss": 1,
    "NLLLoss2d": 1,
    "PoissonNLLLoss": 2,
    "SmoothL1Loss": 0,
    "SoftMarginLoss": 0,
    "TripletMarginLoss": 4,
}

# The functions of torch.nn.functional: `F.nll_loss(input, target, weight, size_average, ...)`.
LOSS_FUNCTIONS: dict[str, int] = {
    "binary_cross_entropy": 3,
    "binary_cross_entropy_with_logits": 3,
    "cosine_embedding_loss": 4,
    "cross_entropy": 3,
    "hinge_embedding_loss": 3,
    "kl_div": 2,
    "l1_loss": 2,
    "margin_ranking_loss": 4,
    "mse_loss": 2,
    "multi_margin_loss": 5,
    "multilabel_margin_loss": 2,
    "multilabel_soft_margin_loss": 3,
    "nll_loss": 3,
    "poisson_nll_loss": 4,
    "smooth_l1_loss": 2,
    "soft_margin_loss": 2,
    "triplet_margin_loss": 7,
}


def loss_positionals(qualified: str | None) -> int | None:
    """How many parameters come before ``size_average`` in the loss ``qualified`` names; None when
    ``qualified`` is not such a loss (``torch.nn.MSELoss``, ``torch.nn.modules.loss.MSELoss``,
    ``torch.nn.functional.mse_loss``)."""
    if qualified is None:
        return None
    module, _, name = qualified.rpartition(".")
    if module in ("torch.nn", "torch.nn.modules.loss", "torch.nn.modules"):
        return LOSS_MODULES.get(name)
    if module == "torch.nn.functional":
        return LOSS_FUNCTIONS.get(name)
    return None


def legacy_reduction(size_average: bool | None, reduce: bool | None) -> str:
    """``torch.nn._reduction.legacy_get_string``: the ``reduction`` PyTorch itself substitutes."""
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        return "mean"
    if reduce:
        return "sum"
    return "none"
