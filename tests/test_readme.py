"""The README and docs/: short, linked, and showing only output that the commands really print.

Every fenced block whose first line is ``$ autofix ...`` is run (in-process, from the repository root)
and must print exactly the rest of the block: stdout, then stderr. Only commands that write nothing are
allowed there. After a change that alters such output, regenerate the blocks with

    .venv/bin/python tests/test_readme.py --update
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

import autofix

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
README_PATH = ROOT / "README.md"
README = README_PATH.read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").glob("*.md"))
# Written by other engineers in the same change; linked from the README already.
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", flags=re.MULTILINE | re.DOTALL)


def blocks(language: str, *paths: Path) -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in paths] if paths else [README]
    return [body for text in texts for lang, body in _FENCE.findall(text) if lang == language]


def command_blocks() -> list[tuple[Path, str, str]]:
    """(file, command, expected output) of every ``$ autofix`` block in the README and docs/."""
    found = []
    for path in [README_PATH, *DOCS]:
        for _, body in _FENCE.findall(path.read_text(encoding="utf-8")):
            first, _, rest = body.partition("\n")
            if first.startswith("$ autofix "):
                found.append((path, first[2:], rest))
    return found


def run_command(command: str) -> str:
    """What ``command`` prints from the repository root: stdout, then stderr."""
    from click.testing import CliRunner

    from autofix.commands.cli import main

    words = shlex.split(command)
    assert words[0] == "autofix"
    writes_nothing = words[1] in ("check", "rules", "explain") or {"--diff", "--check"} & set(words)
    assert writes_nothing, f"{command}: a documented command that writes files cannot be run here"
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes the streams unless told not to
    except TypeError:
        runner = CliRunner()
    import os

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = runner.invoke(main, words[1:], catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.stdout + result.stderr


@pytest.mark.parametrize(
    "path, command, expected",
    command_blocks(),
    ids=[f"{p.name}: {c}" for p, c, _ in command_blocks()],
)
def test_shown_output_is_what_the_command_prints(path, command, expected):
    assert run_command(command) == expected, f"{path.name}: run `python tests/test_readme.py --update`"


def test_the_readme_is_short_and_holds_no_development_log():
    lines = README.splitlines()
    assert len(lines) <= 300
    headings = [line for line in lines if line.startswith("## ")]
    assert "## Install" in headings and any("make demo" in h for h in headings)
    for word in ("session", "Since then", "benchmarks/results.md"):
        assert word not in README, word  # the history lives in benchmarks/results.md, linked from docs


def test_the_readme_names_the_two_commands_and_make_check():
    for command in ("make demo", "make test", "make check"):
        assert command in README


def test_links_point_at_files_that_exist():
    for path in [README_PATH, *DOCS]:
        # Code spans are not markdown: a quoted `print("[{}]({}/{})")` in a finding is not a link.
        text = re.sub(r"`[^`\n]*`", "", path.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            resolved = (path.parent / target).resolve()
            assert resolved.exists(), f"{path.name}: {target}"
    for name in (
        "rules",
        "configuration",
        "verify",
        "migrate",
        "integrations",
        "performance",
        "editors",
        "architecture",
    ):
        assert f"](docs/{name}.md)" in README, name


def test_the_rules_table_words_what_autofix_rules_prints():
    from codemods import all_rules

    rows = re.findall(r"^\| (DEV\d{3}) \| (.+?) \| (.+?) \| (.+?) \|$", README, flags=re.MULTILINE)
    assert rows == [(r.code, r.name, r.fix_safety.value, r.summary) for r in all_rules()]


def test_the_configuration_error_shown_is_the_one_tested():
    configuration = (ROOT / "docs" / "configuration.md").read_text()
    shown = re.search(r"^\S+pyproject\.toml:\d+:\d+: error: .*$", configuration, flags=re.MULTILINE)
    from tests.test_autofix.files.test_resilience import BROKEN_CONFIG_LINE

    assert shown is not None and shown.group(0) == BROKEN_CONFIG_LINE


def test_the_version_is_one():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == autofix.__version__


def test_pre_commit_snippets_name_the_release_tag_and_real_hooks():
    yaml = pytest.importorskip("yaml")  # comes with pre-commit (dev extra)
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook_ids = {hook["id"] for hook in hooks}
    for hook in hooks:
        assert "--force-exclude" in hook["entry"] and hook["types_or"] == ["python", "jupyter"]
    snippets = [
        b
        for b in blocks("yaml", README_PATH, ROOT / "docs" / "integrations.md")
        if "rev:" in b and "hooks:" in b
    ]
    assert len(snippets) == 2  # the README's and the integration guide's
    for snippet in snippets:
        (repo,) = yaml.safe_load(snippet)["repos"]
        assert repo["rev"] == f"v{autofix.__version__}"  # tag releases v0.x.y
        assert {hook["id"] for hook in repo["hooks"]} <= hook_ids
    assert f"rev: v{autofix.__version__}" in (ROOT / ".pre-commit-hooks.yaml").read_text()


def test_github_actions_snippet_annotates_and_uploads_sarif():
    yaml = pytest.importorskip("yaml")
    (snippet,) = [b for b in blocks("yaml", ROOT / "docs" / "integrations.md") if "runs-on:" in b]
    steps = yaml.safe_load(snippet)["jobs"]["torch-autofix"]["steps"]
    commands = " ".join(step.get("run", "") for step in steps)
    assert "--output-format github" in commands and "--output-format sarif" in commands
    assert any(step.get("uses", "").startswith("github/codeql-action/upload-sarif") for step in steps)
    assert f"@v{autofix.__version__}" in commands


def test_fixit_snippet_enables_the_adapter():
    (snippet,) = [b for b in blocks("toml", ROOT / "docs" / "integrations.md") if "[tool.fixit]" in b]
    assert "autofix.fixit" in tomllib.loads(snippet)["tool"]["fixit"]["enable"]


def test_configuration_snippets_are_valid(tmp_path):
    from autofix.config.settings import load

    snippets = [
        snippet
        for path in (README_PATH, ROOT / "docs" / "configuration.md")
        for snippet in blocks("toml", path)
        if "[tool.autofix]" in snippet
    ]
    assert len(snippets) == 2
    for snippet in snippets:
        (tmp_path / "pyproject.toml").write_text(snippet)
        load(tmp_path / "pyproject.toml")  # raises on an unknown key or a wrong value


def test_notebooks_and_output_formats_are_described():
    integrations = (ROOT / "docs" / "integrations.md").read_text()
    assert ".ipynb:cell " in integrations
    for output_format in ("text", "concise", "json", "sarif", "github"):
        assert f"| `{output_format}` |" in integrations


def update() -> None:
    """Rewrite every ``$ autofix`` block with what the command prints now."""
    import os
    import tempfile

    os.environ["AUTOFIX_CACHE_DIR"] = tempfile.mkdtemp(prefix="autofix-readme-")
    for path in [README_PATH, *DOCS]:
        text = path.read_text(encoding="utf-8")

        def regenerate(match: re.Match[str]) -> str:
            first, _, rest = match.group(2).partition("\n")
            if not first.startswith("$ autofix "):
                return match.group(0)
            return f"```{match.group(1)}\n{first}\n{run_command(first[2:])}```"

        new = _FENCE.sub(regenerate, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        sys.exit("usage: python tests/test_readme.py --update")
