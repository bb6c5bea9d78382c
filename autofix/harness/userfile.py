"""``autofix verify FILE.py --entry FUNC``: prove the rewrite of a user's own file.

The file is rewritten in memory with the user's configuration (as ``autofix apply FILE.py`` would), or
judged against a hand-written ``--after FILE``. Its project (the nearest folder above it holding
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``; else its own folder) is copied once per
version, so the file's imports of its siblings work and whatever the runs write stays in the copies.

``--entry FUNC`` calls ``FUNC()`` in the file itself; ``--entry package.module:FUNC`` calls it in another
module of the project, which imports the rewritten file (a test helper, a training script). A file that
belongs to a package (``__init__.py`` up to the project folder) is imported by its dotted name, so its
relative imports work.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autofix.config.settings import ConfigResolver
from autofix.files.rewrite import rewrite_file
from autofix.harness.verify import Subject, rewrite_lines, safe_only

_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def project_root(path: Path) -> Path:
    folder = path.resolve().parent
    for candidate in (folder, *folder.parents):
        if any((candidate / marker).exists() for marker in _MARKERS):
            return candidate
    return folder


def import_roots(root: Path) -> list[str]:
    """Folders (relative to the project) its modules are imported from: itself, and ``src`` if present."""
    return ["."] + (["src"] if (root / "src").is_dir() else [])


def module_name(path: Path, root: Path) -> str:
    """The dotted name ``path`` is imported by from one of the import roots, or "" when it is no package's."""
    path = path.resolve()
    for base in import_roots(root):
        top = (root / base).resolve()
        try:
            parts = list(path.with_suffix("").relative_to(top).parts)
        except ValueError:
            continue
        packages = [top.joinpath(*parts[:i]) for i in range(1, len(parts))]
        if parts and all((p / "__init__.py").is_file() for p in packages) and len(parts) > 1:
            return ".".join(parts)
    return ""


def module_file(name: str, root: Path) -> Path:
    """The file that ``import name`` finds in the project (a module, or a package's ``__init__.py``)."""
    relative = Path(*name.split("."))
    for base in import_roots(root):
        for candidate in (root / base / relative.with_suffix(".py"), root / base / relative / "__init__.py"):
            if candidate.is_file():
                return candidate
    raise ValueError(
        f"--entry {name}:…: no module {name} in {root} (looked in {', '.join(import_roots(root))})"
    )


def _claimed(applied: Any, path: Path, after_file: Path | None, config: ConfigResolver) -> tuple[str, ...]:
    """The rules whose proof a version is held to: those autofix's rewrite applies; for a hand-written
    after of a file autofix leaves alone, the rules the configuration selects by name (what the author
    says the after fixes), whose proof it must then give. Neither: every proof is demanded (judge's
    UNKNOWN profile)."""
    if applied or after_file is None:
        return tuple(sorted(applied))
    settings = config.settings_for(path.resolve().parent)
    return tuple(sorted(settings.rule_codes_for(path))) if settings.select is not None else ()


def file_subject(path: Path, entry: str, after_file: Path | None, config: ConfigResolver) -> Subject:
    """The subject for one file: before is the file, after its rewrite (or ``after_file``)."""
    root = project_root(path)
    rewrite = rewrite_file(path, resolver=config)
    after_bytes = after_file.read_bytes() if after_file is not None else rewrite.rewritten
    module, _, function = entry.rpartition(":")
    if not function.isidentifier() or (module and not all(p.isidentifier() for p in module.split("."))):
        raise ValueError(f"--entry {entry!r}: give FUNC or package.module:FUNC")
    script = module_file(module, root) if module else path.resolve()
    module = module or module_name(script, root)
    relative = str(path.resolve().relative_to(root))
    # A hand-written after's line counts as an unsafe fix's only where autofix's own rewrite, unsafe fixes
    # as configured, writes exactly that line and its safe-only rewrite does not.
    safe = rewrite_file(path, resolver=safe_only(config)).rewritten
    made = rewrite.rewritten if after_file is not None else None
    changed, unsafe = rewrite_lines(rewrite.original, after_bytes, safe, made)
    return Subject(
        name=f"{relative}:{entry}" if ":" not in entry else f"{relative} via {entry}",
        folder=root,
        before=str(script.relative_to(root)),
        after=str(script.relative_to(root)),
        rules=_claimed(rewrite.applied, path, after_file, config),
        positive=after_bytes != rewrite.original,
        after_bytes=after_bytes,
        entry=function,
        sys_path=import_roots(root),
        module=module,
        rewritten=relative,
        workdir=".",
        changed_lines=changed,
        unsafe_lines=unsafe,
        own=after_bytes == rewrite.rewritten,
    )
