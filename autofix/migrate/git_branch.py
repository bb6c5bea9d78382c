"""Commit rewritten files to a new branch without touching the user's checkout.

``autofix migrate --branch NAME`` never writes into the working tree and never moves the current branch:
the new file contents become blobs, a temporary index (``GIT_INDEX_FILE``) starts as ``HEAD``'s tree and
takes the new blobs, and ``write-tree`` / ``commit-tree`` / ``update-ref`` create the commit and the branch
on top of ``HEAD``. The user's files, index, ``HEAD`` and current branch stay exactly as they were; the
fixes exist only on the new branch (``git switch NAME`` or ``git merge NAME`` to get them).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autofix.migrate.smoke import across_lines
from autofix.migrate.smoke import summary as smoke_summary


class BranchError(Exception):
    """One line saying why this root got no branch."""


@dataclass(frozen=True)
class Repository:
    top: Path  # the work tree's top folder

    def git(self, *args: str, data: bytes | None = None, env: dict[str, str] | None = None) -> str:
        try:
            done = subprocess.run(
                ["git", "-C", str(self.top), *args],
                input=data,
                capture_output=True,
                env={**os.environ, **(env or {})},
                check=False,
            )
        except OSError as exc:
            raise BranchError(f"cannot run git: {exc.strerror or exc}") from None
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace").strip().splitlines()
            raise BranchError(f"git {args[0]} failed: {message[-1] if message else done.returncode}")
        return done.stdout.decode(errors="replace").strip()


def open_clean_repository(root: Path, branch: str) -> Repository:
    """The repository ``root`` is in, if its tracked files are unmodified and ``branch`` is free."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise BranchError(f"cannot run git: {exc.strerror or exc}") from None
    if done.returncode != 0:
        raise BranchError("not in a git work tree; --branch needs one")
    repo = Repository(Path(done.stdout.strip()))
    repo.git("check-ref-format", "--branch", branch)
    try:
        repo.git("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    except BranchError:
        raise BranchError("the repository has no commit yet; --branch needs one to start from") from None
    dirty = repo.git("status", "--porcelain", "--untracked-files=no")
    if dirty:
        first = dirty.splitlines()[0]
        raise BranchError(
            f"the work tree has uncommitted changes (e.g. {first.strip()}); commit or stash them first"
        )
    try:
        repo.git("rev-parse", "--verify", "--quiet", f"refs/heads/{branch}")
    except BranchError:
        return repo
    raise BranchError(f"branch {branch!r} already exists")


MAX_LISTED = 50  # findings listed in a commit message; the report has them all


def commit_message(
    root: Path,
    fixes: Counter[str],
    files: int,
    *,
    smoke: dict[str, Any] | None = None,
    remaining: list[dict[str, Any]] | None = None,
) -> str:
    """The branch's commit message: the fixes, the smoke runs' verdicts, and what is left for a person."""
    lines = [f"autofix migrate: {sum(fixes.values())} fixes in {files} files", "", "Fixes by rule:"]
    lines += [f"  {code}: {count}" for code, count in sorted(fixes.items())]
    if smoke is not None:
        lines += ["", f"Smoke runs, before -> after ({smoke_summary(smoke)}):"]
        for r in smoke["runs"]:
            same = {True: "same output", False: "output differs", None: r["verdict"]}[r["same_output"]]
            lines.append(
                f"  {r['command']} [{r['device']}]: ran before: {'yes' if r['ran_before'] else 'no'};"
                f" runs after: {'yes' if r['runs_after'] else 'no'}; {same}"
            )
            if r["difference"]:
                lines.append(f"    {r['difference']}")
            for label in ("before", "after"):
                if not r[label]["ran"]:
                    lines.append(f"    {label}: {r[label]['state']}")
        lines += [f"  {line}" for line in across_lines(smoke)]
        lines += [f"  problem: {p}" for p in smoke["problems"]]
        lines.append(f"  Compared: {smoke['policy']}.")
    if remaining is not None:
        lines += ["", f"Left for a human: {len(remaining)} finding{'' if len(remaining) == 1 else 's'}"]
        # Paths from the root, as in the commit's own tree (the report names them as they were given).
        lines += [
            f"  {_from_root(f['location'], root)}: {f['code']} {f['message']}"
            + (" [*unsafe]" if f["fix"] == "unsafe" else "")
            for f in remaining[:MAX_LISTED]
        ]
        if len(remaining) > MAX_LISTED:
            lines.append(f"  ... and {len(remaining) - MAX_LISTED} more (autofix check {root})")
    lines += ["", f"Root: {root}", "Generated by torch-autofix (autofix migrate --branch)."]
    return "\n".join(lines) + "\n"


def _from_root(location: str, root: Path) -> str:
    prefix = str(root).rstrip("/") + "/"
    return location[len(prefix) :] if location.startswith(prefix) and str(root) != "." else location


def untracked(repo: Repository, paths: list[Path]) -> list[Path]:
    tracked = set(repo.git("ls-files", "-z").split("\0"))
    top = repo.top.resolve()
    return [p for p in paths if p.resolve().relative_to(top).as_posix() not in tracked]


def commit_to_new_branch(repo: Repository, branch: str, files: dict[Path, bytes], message: str) -> str:
    """Commit ``files`` (tracked path -> new content) on top of HEAD as ``branch``; returns the commit."""
    tracked = {}
    for line in repo.git("ls-files", "-s", "-z").split("\0"):
        if line:
            info, name = line.split("\t", 1)
            tracked[name] = info.split()[0]  # the mode
    with tempfile.TemporaryDirectory(prefix="autofix-index-") as scratch:
        env = {"GIT_INDEX_FILE": os.path.join(scratch, "index")}
        repo.git("read-tree", "HEAD", env=env)
        for path, data in sorted(files.items()):
            relative = path.resolve().relative_to(repo.top.resolve()).as_posix()
            if relative not in tracked:
                raise BranchError(f"{relative} is not tracked by git")
            blob = repo.git("hash-object", "-w", "--path", relative, "--stdin", data=data)
            repo.git("update-index", "--cacheinfo", f"{tracked[relative]},{blob},{relative}", env=env)
        tree = repo.git("write-tree", env=env)
    head = repo.git("rev-parse", "HEAD")
    commit = repo.git("commit-tree", tree, "-p", head, "-F", "-", data=message.encode())
    # The empty old value makes the update fail if the branch appeared meanwhile.
    repo.git("update-ref", f"refs/heads/{branch}", commit, "")
    return commit
