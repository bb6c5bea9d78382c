"""The README's integration snippets: present, well-formed, and pointing at a release that matches."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import autofix

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

yaml = pytest.importorskip("yaml")  # comes with pre-commit (dev extra)

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README, flags=re.MULTILINE | re.DOTALL)


def test_the_version_is_one():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == autofix.__version__


def test_pre_commit_snippet_names_the_release_tag_and_real_hooks():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook_ids = {hook["id"] for hook in hooks}
    for hook in hooks:
        assert "--force-exclude" in hook["entry"] and hook["types_or"] == ["python", "jupyter"]
    config = yaml.safe_load(next(b for b in blocks("yaml") if "rev:" in b and "hooks:" in b))
    (repo,) = config["repos"]
    assert repo["rev"] == f"v{autofix.__version__}"  # tag releases v0.x.y
    assert {hook["id"] for hook in repo["hooks"]} <= hook_ids
    assert f"rev: v{autofix.__version__}" in (ROOT / ".pre-commit-hooks.yaml").read_text()


def test_github_actions_snippet_annotates_and_uploads_sarif():
    workflow = yaml.safe_load(next(b for b in blocks("yaml") if "runs-on:" in b))
    steps = workflow["jobs"]["torch-autofix"]["steps"]
    commands = " ".join(step.get("run", "") for step in steps)
    assert "--output-format github" in commands and "--output-format sarif" in commands
    assert any(step.get("uses", "").startswith("github/codeql-action/upload-sarif") for step in steps)
    assert f"@v{autofix.__version__}" in commands


def test_fixit_snippet_enables_the_adapter():
    (snippet,) = [b for b in blocks("toml") if "[tool.fixit]" in b]
    assert "autofix.fixit" in tomllib.loads(snippet)["tool"]["fixit"]["enable"]


def test_notebooks_and_output_formats_are_described():
    assert ".ipynb:cell " in README
    for output_format in ("text", "concise", "json", "sarif", "github"):
        assert f"| `{output_format}` |" in README
