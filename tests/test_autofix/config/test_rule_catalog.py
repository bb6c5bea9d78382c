"""The main process knows the rules' codes without importing the rules (and so libcst)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest

import codemods
from autofix.config import rule_catalog
from autofix.config.rule_catalog import select_codes, use_manifest_folder
from tests.conftest import DOUBLE_INPUT

SELECTORS = [None, ("ALL",), ("DEV",), ("DEV0",), ("DEV001",), ("dev00",), ("DEV002", "DEV01"), ("DEV010",)]
IGNORES = [(), ("DEV001",), ("DEV00",), ("ALL",), ("dev007", "DEV009")]


@pytest.fixture
def catalog(tmp_path):
    use_manifest_folder(tmp_path)
    yield tmp_path
    use_manifest_folder(None)


def _by_hand(select, ignore):
    """What --select/--ignore mean, written out plainly: prefixes, any case, ALL for every code."""

    def matches(code, selectors):
        return any(s.upper() == "ALL" or code.startswith(s.upper()) for s in selectors)

    return tuple(
        rule.code
        for rule in codemods.all_rules()
        if (select is None or matches(rule.code, select)) and not matches(rule.code, ignore)
    )


@pytest.mark.parametrize(("select", "ignore"), list(itertools.product(SELECTORS, IGNORES)))
def test_select_codes_selects_by_prefix(catalog, select, ignore):
    assert select_codes(select, ignore) == _by_hand(select, ignore)


def test_selection_examples(catalog):
    assert select_codes(("DEV00",), ("dev007",)) == tuple(f"DEV00{i}" for i in range(1, 10) if i != 7)
    assert select_codes(("DEV010",), ()) == ("DEV010",)
    assert select_codes(None, ("ALL",)) == ()


def test_unknown_codes_are_refused(catalog):
    with pytest.raises(rule_catalog.UnknownRuleError, match="unknown rule code or prefix 'DEV9'"):
        select_codes(("DEV9",), ())
    with pytest.raises(rule_catalog.UnknownRuleError, match="'XYZ'"):
        select_codes(None, ("XYZ",))


def test_a_corrupt_manifest_is_rebuilt(catalog):
    rule_catalog.rule_codes()
    (manifest,) = catalog.glob("rules-*.json")
    manifest.write_text("{not json")
    use_manifest_folder(None)
    use_manifest_folder(catalog)
    assert rule_catalog.rule_codes() == tuple(rule.code for rule in codemods.all_rules())
    assert json.loads(manifest.read_text())["codes"] == list(rule_catalog.rule_codes())


_PROBE = """
import sys
from autofix.commands.cli import main
try:
    main(["check", "."])
except SystemExit as exit:
    print("exit", exit.code, "libcst imported:", "libcst" in sys.modules, file=sys.stderr)
"""


@pytest.mark.slow
def test_a_warm_run_imports_neither_the_rules_nor_libcst(tmp_path):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    (tmp_path / "plain.py").write_text("print('no torch here')\n")
    env = dict(os.environ, AUTOFIX_CACHE_DIR=str(tmp_path / "cache"))
    runs = [
        subprocess.run([sys.executable, "-c", _PROBE], cwd=tmp_path, env=env, capture_output=True, text=True)
        for _ in range(2)
    ]
    assert "exit 1 libcst imported: True" in runs[0].stderr  # cold: parsed
    assert "exit 1 libcst imported: False" in runs[1].stderr  # warm: answered from the cache
    assert runs[0].stdout == runs[1].stdout and "DEV002" in runs[1].stdout
    assert list((tmp_path / "cache").glob("rules-*.json"))
