"""Bring the field set's files back into ``field/files/`` from repository snapshots.

The project never contains the field files' code, only where each comes from: repository, commit, path
and the sha256 of the labelled bytes, in ``field/manifest.tsv`` (the dev split) and
``field/validation.tsv`` (the frozen validation split; ``field/README.md`` says who may read what).
To bring them back:

1. ``python field/fetch.py --repos`` lists the repositories (``owner/name``, one a line; ``--split dev``
   or ``--split validation`` for one split only, both by default);
2. for each, the search tool's ``fetch`` with ``github:owner/name`` puts a bare snapshot under
   ``/work/.mirror/<owner>+<name>/repo``;
3. ``python field/fetch.py`` then writes ``field/files/<id>.<kind>`` from ``git show COMMIT:PATH``
   and checks each file's sha256 against the manifest.

Exit status 1 when a repository, a commit or a path is missing or a file's bytes differ, with one line
per problem (the missing repositories listed once, as the ``fetch`` calls to make).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.field_manifest import (  # noqa: E402
    ManifestError,
    Row,
    chosen_splits,
    overlap,
    read_manifest,
    sha256_of,
    split_path,
)

MIRROR = Path("/work/.mirror")


def git_dir(row: Row, mirror: Path) -> Path | None:
    """The snapshot's git directory, or None when the repository has not been fetched.

    A snapshot is either a bare git directory (``repo/HEAD``) or a repository with ``repo/.git``.
    """
    repo = mirror / row.mirror_name / "repo"
    for candidate in (repo / ".git", repo):
        if (candidate / "HEAD").is_file():
            return candidate
    return None


def show(git: Path, commit: str, path: str) -> bytes | str:
    """The file's bytes at ``commit``, or the reason git gave for not having them."""
    done = subprocess.run(
        ["git", f"--git-dir={git}", "show", f"{commit}:{path}"], capture_output=True, check=False
    )
    if done.returncode != 0:
        return (
            done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:][0]
            if done.stderr
            else "git failed"
        )
    return done.stdout


def bring_back(row: Row, git: Path, files: Path, force: bool) -> str | None:
    """Write ``files/<id>.<kind>``; None when it is there with the right bytes, else the problem."""
    target = files / row.filename
    if target.is_file() and sha256_of(target.read_bytes()) == row.sha256 and not force:
        return None
    data = show(git, row.commit, row.path)
    if isinstance(data, str):
        return f"{row.id}: {row.repo} {row.commit[:12]}:{row.path}: {data}"
    actual = sha256_of(data)
    if actual != row.sha256:
        return f"{row.id}: {row.repo} {row.commit[:12]}:{row.path} has sha256 {actual}, the manifest says {row.sha256}"
    target.write_bytes(data)
    return None


def split_rows(args: argparse.Namespace) -> list[Row]:
    """The rows of the chosen splits. A validation manifest that does not exist is no rows (it is
    being labelled); the dev one must exist. Raises ManifestError when a repository or an id is in
    both splits, since the split is by repository."""
    validation = args.validation or split_path(args.manifest.parent, "validation")
    paths = {"dev": args.manifest, "validation": validation}
    found: dict[str, list[Row]] = {}
    for split in chosen_splits("all"):
        path = paths[split]
        if split == "validation" and not path.is_file():
            found[split] = []
            continue
        found[split] = read_manifest(path)
    problems = overlap(found)
    if problems:
        raise ManifestError("; ".join(problems))
    return [row for split in chosen_splits(args.split) for row in found[split]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--manifest", type=Path, default=ROOT / "field" / "manifest.tsv", help="the dev split's manifest"
    )
    parser.add_argument(
        "--validation",
        type=Path,
        help="the validation split's manifest (default: validation.tsv beside --manifest)",
    )
    parser.add_argument(
        "--split", default="all", choices=("dev", "validation", "all"), help="which split (default: all)"
    )
    parser.add_argument("--files", type=Path, default=ROOT / "field" / "files")
    parser.add_argument(
        "--mirror", type=Path, default=MIRROR, help="where fetch puts snapshots (/work/.mirror)"
    )
    parser.add_argument("--repos", action="store_true", help="list the repositories to fetch, then stop")
    parser.add_argument("--force", action="store_true", help="rewrite files that are already right")
    args = parser.parse_args(argv)

    try:
        rows = split_rows(args)
    except ManifestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.repos:
        for repo in sorted({row.repo for row in rows}):
            print(repo)
        return 0
    args.files.mkdir(parents=True, exist_ok=True)
    missing: dict[str, list[str]] = {}
    problems: list[str] = []
    written = 0
    for row in rows:
        git = git_dir(row, args.mirror)
        if git is None:
            missing.setdefault(row.repo, []).append(row.id)
            continue
        problem = bring_back(row, git, args.files, args.force)
        if problem:
            problems.append(problem)
        else:
            written += 1
    for repo, ids in sorted(missing.items()):
        problems.append(
            f"{repo}: no snapshot under {args.mirror / repo.replace('/', '+')}/repo"
            f" (call fetch with github:{repo}); {len(ids)} file(s) wait for it"
        )
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    print(f"{written} of {len(rows)} files in place under {args.files}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
