"""Files past the size limit are reported and skipped, unless the limit is raised or turned off."""

from __future__ import annotations

import pytest

from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT

SKIPPED = "big.py: skipped: 2.2 MB is over max-file-size (2 MB); raise it with --max-file-size"


def _big(tmp_path, size: int = 2_300_000):
    path = tmp_path / "big.py"
    path.write_text(DOUBLE_INPUT + "# padding\n" * ((size - len(DOUBLE_INPUT)) // 10))
    (tmp_path / "small.py").write_text(DOUBLE_INPUT)
    return path


def test_over_the_default_limit_is_reported_and_skipped(tmp_path, run_cli):
    big = _big(tmp_path)
    before = big.read_text()
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert SKIPPED in err
    assert "2 files scanned; 1 changed" in err and "1 skipped" in err and "0 errors" in err
    assert code == 0  # skipped on purpose, not an error
    assert big.read_text() == before
    assert (tmp_path / "small.py").read_text() == DOUBLE_FIXED


@pytest.mark.slow
def test_the_limit_can_be_raised_or_turned_off(tmp_path, run_cli):
    _big(tmp_path)
    for limit in ("5MB", "0"):
        code, out, err = run_cli("check", "--max-file-size", limit, "big.py", cwd=tmp_path)
        assert "skipped" not in err, limit
        assert out.startswith("big.py:5:5: DEV002") and code == 1


def test_the_limit_from_configuration(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nmax-file-size = "1KB"\n')
    (tmp_path / "medium.py").write_text(DOUBLE_INPUT + "# padding\n" * 200)
    (tmp_path / "small.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("check", ".", cwd=tmp_path)
    assert "medium.py: skipped: 2.1 KB is over max-file-size (1 KB)" in err
    assert out.startswith("small.py:5:5: DEV002") and code == 1
    code, out, _ = run_cli("check", "--max-file-size", "0", ".", cwd=tmp_path)  # the command line wins
    assert "medium.py:5:5: DEV002" in out
