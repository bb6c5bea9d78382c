"""DEV013's table of losses and its reduction mapping, checked against the installed PyTorch."""

from __future__ import annotations

import inspect
import itertools
import warnings

import pytest

from codemods.rules.dev013_legacy_loss_reduction._losses import (
    LOSS_FUNCTIONS,
    LOSS_MODULES,
    legacy_reduction,
)

torch = pytest.importorskip("torch")


def _before_size_average(function) -> int | None:
    names = [name for name in inspect.signature(function).parameters if name != "self"]
    return names.index("size_average") if "size_average" in names else None


def test_the_loss_modules_are_torchs():
    found = {
        name: _before_size_average(cls.__init__)
        for name, cls in vars(torch.nn).items()
        if isinstance(cls, type) and issubclass(cls, torch.nn.Module)
    }
    assert {name: n for name, n in found.items() if n is not None} == LOSS_MODULES


def test_the_loss_functions_are_torchs():
    found = {
        name: _before_size_average(function)
        for name, function in vars(torch.nn.functional).items()
        if inspect.isfunction(function)
    }
    assert {name: n for name, n in found.items() if n is not None} == LOSS_FUNCTIONS


@pytest.mark.parametrize("size_average, reduce", list(itertools.product((True, False, None), repeat=2)))
def test_the_mapping_is_torchs(size_average, reduce):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = torch.nn._reduction.legacy_get_string(size_average, reduce)
        module = torch.nn.MSELoss(size_average=size_average, reduce=reduce)
    assert legacy_reduction(size_average, reduce) == expected
    if size_average is not None or reduce is not None:
        assert module.reduction == expected
