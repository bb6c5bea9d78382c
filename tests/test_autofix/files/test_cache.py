"""The result cache: unchanged files are answered without a parse; anything that matters is in the key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import autofix.files.runner
from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT


class NoParseAllowed(AssertionError):
    pass


@pytest.fixture
def no_workers(monkeypatch):
    """Calling it makes starting a worker (that is, parsing anything) fail the test."""

    def forbid():
        def start(self):
            raise NoParseAllowed("a worker was started: the cache did not answer")

        monkeypatch.setattr(autofix.files.runner.WorkerPool, "_start_worker", start)

    return forbid


def _tree(tmp_path: Path, count: int = 5) -> Path:
    for i in range(count):
        (tmp_path / f"m{i}.py").write_text(
            DOUBLE_INPUT if i % 2 == 0 else "import torch\nx = torch.ones(2)\n"
        )
    return tmp_path


def _entries() -> list[Path]:
    # Result entries; the rule-code manifest (autofix.config.rule_catalog) and the project's readings
    # (autofix.files.project_cache) are not ones.
    return [
        p
        for p in Path(os.environ["AUTOFIX_CACHE_DIR"]).rglob("*.json")
        if not p.name.startswith("rules-") and p.parent.name != "readings"
    ]


def test_a_warm_run_parses_nothing_and_says_the_same(tmp_path, run_cli, no_workers):
    _tree(tmp_path)
    cold = run_cli("check", ".", cwd=tmp_path)
    assert cold[0] == 1 and len(cold[1].splitlines()) == 3
    no_workers()
    assert run_cli("check", ".", cwd=tmp_path) == cold


@pytest.mark.parametrize(
    "change",
    [
        ("--select", "DEV002"),
        ("--unsafe-fixes",),
        ("--ignore", "DEV003"),
    ],
)
def test_settings_that_change_results_are_part_of_the_key(tmp_path, run_cli, no_workers, change):
    _tree(tmp_path)
    run_cli("check", ".", cwd=tmp_path)
    no_workers()
    with pytest.raises(NoParseAllowed):
        run_cli("check", *change, ".", cwd=tmp_path)


def test_a_changed_file_is_parsed_again(tmp_path, run_cli, no_workers):
    _tree(tmp_path)
    run_cli("check", ".", cwd=tmp_path)
    (tmp_path / "m1.py").write_text("import torch\nx = torch.ones(3)\n")
    no_workers()
    with pytest.raises(NoParseAllowed):
        run_cli("check", ".", cwd=tmp_path)


def test_apply_caches_only_files_with_nothing_to_write(tmp_path, run_cli, no_workers):
    _tree(tmp_path)
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert code == 0 and "3 changed" in err
    assert (tmp_path / "m0.py").read_text() == DOUBLE_FIXED
    run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)  # the fixed files are now clean: cached
    no_workers()
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert code == 0 and "0 changed" in err


def test_no_cache_neither_reads_nor_writes(tmp_path, run_cli, no_workers):
    _tree(tmp_path)
    run_cli("check", "--no-cache", ".", cwd=tmp_path)
    assert _entries() == []
    run_cli("check", ".", cwd=tmp_path)
    assert len(_entries()) == 2  # one per distinct content (and settings)
    no_workers()
    with pytest.raises(NoParseAllowed):
        run_cli("check", "--no-cache", ".", cwd=tmp_path)


def test_a_corrupt_cache_is_discarded_with_one_warning(tmp_path, run_cli):
    _tree(tmp_path)
    cold = run_cli("check", ".", cwd=tmp_path)
    for entry in _entries():
        entry.write_bytes(b"\x00{not json")
    code, out, err = run_cli("check", ".", cwd=tmp_path)
    assert (code, out) == cold[:2]
    assert err.count("warning: cache: discarded a corrupt entry") == 1
    assert run_cli("check", ".", cwd=tmp_path) == cold  # rebuilt


def test_an_unusable_cache_folder_turns_the_cache_off(tmp_path, run_cli, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("AUTOFIX_CACHE_DIR", str(blocker))
    work = tmp_path / "work"
    work.mkdir()
    _tree(work)
    code, out, err = run_cli("check", ".", cwd=work)
    assert code == 1 and len(out.splitlines()) == 3
    assert err.count("warning: cache: cannot use") == 1


def test_the_default_folder_follows_xdg(monkeypatch, tmp_path):
    from autofix.files.cache import default_cache_dir

    monkeypatch.delenv("AUTOFIX_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / "torch-autofix"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / ".cache" / "torch-autofix"


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_a_warm_machine_readable_run_keeps_ends_and_edits(tmp_path, run_cli, no_workers, fmt):
    _tree(tmp_path)
    cold = run_cli("check", "--output-format", fmt, ".", cwd=tmp_path)
    assert '"end_line": 0' not in cold[1] and '"endLine": 0' not in cold[1]
    no_workers()
    assert run_cli("check", "--output-format", fmt, ".", cwd=tmp_path) == cold


def test_editing_a_rule_deep_in_the_package_is_a_new_tool(monkeypatch):
    """Rules live in ``codemods/rules/<rule>/``: a change there must invalidate cached results and the
    rule catalog, as a change to a top-level module does."""
    import codemods.rules.dev010_create_on_device.rule as deep
    from autofix.files.cache import tool_fingerprint

    tool_fingerprint.cache_clear()
    before = tool_fingerprint()
    path = Path(deep.__file__)
    stat = path.stat()
    try:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        tool_fingerprint.cache_clear()
        assert tool_fingerprint() != before
    finally:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        tool_fingerprint.cache_clear()
