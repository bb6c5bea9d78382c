"""The field set's manifest: its columns, its label syntax, and the checks every reader shares.

``field/merge_labels.py`` (which builds ``field/manifest.tsv``), ``field/fetch.py`` (which brings the
files back) and ``benchmarks/field.py`` (which measures the rules) all read rows through this module,
so that a label means the same thing to the labeller's checks and to the measurement.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

COLUMNS = (
    "id",
    "repo",
    "commit",
    "path",
    "sha256",
    "licence",
    "kind",
    "labels",
    "negatives",
    "runnable",
    "notes",
)
KINDS = ("py", "ipynb")
RUNNABLE = ("-", "synthetic")
PATTERNS = range(1, 11)  # P1..P10, pattern n <-> rule DEV00n

_TOKEN = re.compile(r"(?P<sign>[PN])(?P<n>\d+):(?:c(?P<cell>\d+):)?(?P<first>\d+)(?:-(?P<last>\d+))?")
_ID = re.compile(r"[a-z0-9][a-z0-9._-]*")
_REPO = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*")
_HEX40 = re.compile(r"[0-9a-f]{40}")
_HEX64 = re.compile(r"[0-9a-f]{64}")


class ManifestError(ValueError):
    """A row, a label or a file that does not follow ``field/README.md``."""


@dataclass(frozen=True)
class Label:
    """``P3:40-44`` (a pattern present at lines 40..44) or ``N7:c2:5`` (a look-alike that must not change).

    ``cell`` counts every notebook cell from 1, markdown included, as ``autofix check`` prints
    ``nb.ipynb:cell 2:5:9``; lines are then lines of that cell. It is None in a ``.py`` file.
    """

    negative: bool
    pattern: int
    first: int
    last: int
    cell: int | None = None

    @property
    def code(self) -> str:
        """The rule that should report this pattern: P1 -> DEV001 ... P10 -> DEV010."""
        return rule_code(self.pattern)

    def __str__(self) -> str:
        where = f"c{self.cell}:" if self.cell is not None else ""
        lines = f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"
        return f"{'N' if self.negative else 'P'}{self.pattern}:{where}{lines}"


@dataclass(frozen=True)
class Row:
    id: str
    repo: str
    commit: str
    path: str
    sha256: str
    licence: str
    kind: str
    labels: tuple[Label, ...]
    negatives: tuple[Label, ...]
    runnable: str
    notes: str

    @property
    def filename(self) -> str:
        """The file's name under ``field/files/``."""
        return f"{self.id}.{self.kind}"

    @property
    def mirror_name(self) -> str:
        """The folder the search tool's ``fetch`` creates under ``/work/.mirror/``."""
        return self.repo.replace("/", "+")


def rule_code(pattern: int) -> str:
    return f"DEV{pattern:03d}"


# Rules that translate the pre-0.4 API, each a part of pattern P9 ("legacy tensor API": `x.data[0]`,
# `size_average=`, `F.sigmoid`, `nn.init.xavier_uniform`, `.cuda(async=True)`, ...): their findings
# match P9 labels and count in DEV009's row, as the labellers' brief puts all of these under P9.
LEGACY_API_RULES = frozenset({"DEV011", "DEV012", "DEV013", "DEV014", "DEV015", "DEV016", "DEV017", "DEV018"})


def pattern_rule(code: str) -> str:
    """The rule whose row (and pattern) a finding of rule ``code`` counts in: itself, or DEV009."""
    return "DEV009" if code in LEGACY_API_RULES else code


def parse_labels(text: str, *, negative: bool, kind: str) -> tuple[Label, ...]:
    """The tokens of a labels or negatives column; ``-`` is none. Raises ManifestError on a bad token."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    labels = []
    for token in text.split():
        match = _TOKEN.fullmatch(token)
        if match is None:
            raise ManifestError(
                f"label {token!r} is not P<n>:<line>[-<last>] (notebooks: P<n>:c<cell>:<line>)"
            )
        if (match["sign"] == "N") != negative:
            column = "negatives" if negative else "labels"
            raise ManifestError(
                f"label {token!r} in the {column} column must start with {'N' if negative else 'P'}"
            )
        label = Label(
            negative=negative,
            pattern=int(match["n"]),
            first=int(match["first"]),
            last=int(match["last"] or match["first"]),
            cell=int(match["cell"]) if match["cell"] else None,
        )
        _check_label(token, label, kind)
        labels.append(label)
    return tuple(labels)


def _check_label(token: str, label: Label, kind: str) -> None:
    if label.pattern not in PATTERNS:
        raise ManifestError(f"label {token!r}: pattern {label.pattern} is not 1..10")
    if label.first < 1 or label.last < label.first:
        raise ManifestError(f"label {token!r}: the line range is empty or starts before line 1")
    if kind == "ipynb" and label.cell is None:
        raise ManifestError(f"label {token!r}: a notebook label needs its cell (P<n>:c<cell>:<line>)")
    if kind == "py" and label.cell is not None:
        raise ManifestError(f"label {token!r}: a .py file has no cells")
    if label.cell is not None and label.cell < 1:
        raise ManifestError(f"label {token!r}: cells count from 1")


def parse_row(fields: list[str]) -> Row:
    """One manifest line, split on tabs, checked column by column (not the file: see check_file)."""
    if len(fields) != len(COLUMNS):
        raise ManifestError(f"{len(fields)} columns, expected {len(COLUMNS)}: {', '.join(COLUMNS)}")
    raw = dict(zip(COLUMNS, (f.strip() for f in fields)))
    _check_syntax(raw)
    return Row(
        id=raw["id"],
        repo=raw["repo"],
        commit=raw["commit"],
        path=raw["path"],
        sha256=raw["sha256"],
        licence=raw["licence"],
        kind=raw["kind"],
        labels=parse_labels(raw["labels"], negative=False, kind=raw["kind"]),
        negatives=parse_labels(raw["negatives"], negative=True, kind=raw["kind"]),
        runnable=raw["runnable"],
        notes=raw["notes"],
    )


def _check_syntax(raw: dict[str, str]) -> None:
    checks = (
        ("id", _ID.fullmatch(raw["id"]), "lower-case letters, digits, '.', '_' and '-'"),
        ("repo", _REPO.fullmatch(raw["repo"]), "owner/name"),
        ("commit", _HEX40.fullmatch(raw["commit"]), "40 lower-case hex digits"),
        ("sha256", _HEX64.fullmatch(raw["sha256"]), "64 lower-case hex digits"),
        ("kind", raw["kind"] in KINDS, " or ".join(KINDS)),
        ("runnable", raw["runnable"] in RUNNABLE, " or ".join(RUNNABLE)),
        ("path", raw["path"] and not raw["path"].startswith("/"), "a relative path in the repository"),
        ("licence", raw["licence"], "an SPDX id or 'none'"),
    )
    for column, ok, expected in checks:
        if not ok:
            raise ManifestError(f"column {column} is {raw[column]!r}: expected {expected}")
    if not raw["path"].endswith("." + raw["kind"]):
        raise ManifestError(f"path {raw['path']!r} does not end in .{raw['kind']} (the kind column)")


def scan_rows(path: Path, *, header: bool) -> tuple[list[Row], list[str]]:
    """Rows of a manifest (``header=True``) or of a labelling fragment (no header; one tolerated),
    and one problem line per row that could not be read, so that a checker reports them all at once.

    Blank lines and lines starting with ``#`` are skipped.
    """
    rows, problems = [], []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if fields[0] == "id" and (header or number == 1):
            continue
        try:
            rows.append(parse_row(fields))
        except ManifestError as exc:
            problems.append(f"{path}:{number}: {exc}")
    if header and lines and not lines[0].startswith("id\t"):
        problems.insert(0, f"{path}:1: the first line is not the header ({', '.join(COLUMNS)})")
    return rows, problems


def read_rows(path: Path, *, header: bool) -> list[Row]:
    """Like scan_rows, but the first problem raises ManifestError."""
    rows, problems = scan_rows(path, header=header)
    if problems:
        raise ManifestError(problems[0])
    return rows


def read_manifest(path: Path) -> list[Row]:
    """``field/manifest.tsv``: the header, then one row per file; ids must be unique."""
    rows = read_rows(path, header=True)
    check_unique(rows, str(path))
    return rows


def check_unique(rows: list[Row], where: str) -> None:
    seen: set[str] = set()
    for row in rows:
        if row.id in seen:
            raise ManifestError(f"{where}: id {row.id!r} appears twice")
        seen.add(row.id)


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_file(row: Row, files: Path) -> str | None:
    """None when ``files/<id>.<kind>`` holds the labelled bytes; else what is wrong (absent, changed)."""
    path = files / row.filename
    if not path.is_file():
        return f"{row.id}: {path} is absent"
    actual = sha256_of(path.read_bytes())
    if actual != row.sha256:
        return f"{row.id}: {path} has sha256 {actual}, the manifest says {row.sha256}"
    return None


def format_row(row: Row) -> str:
    """The row as a manifest line (labels normalised: ``P7:12-12`` is written ``P7:12``)."""
    labels = " ".join(map(str, row.labels)) or "-"
    negatives = " ".join(map(str, row.negatives)) or "-"
    fields = (
        row.id,
        row.repo,
        row.commit,
        row.path,
        row.sha256,
        row.licence,
        row.kind,
        labels,
        negatives,
        row.runnable,
        row.notes or "-",
    )
    return "\t".join(fields)


def cell_sources(data: bytes) -> list[str]:
    """Every cell's source of a notebook, markdown included, so that index k-1 is cell k."""
    import json

    document = json.loads(data.decode("utf-8-sig"))
    sources = []
    for cell in document.get("cells", []):
        source = cell.get("source", "")
        sources.append(source if isinstance(source, str) else "".join(source))
    return sources


def check_positions(row: Row, data: bytes) -> list[str]:
    """Labels that point past the end of the file (or of their cell), or to a cell the notebook does not have.

    A label past the end is always a typo, and catching it here is cheaper than a silent miss later.
    """
    problems = []
    if row.kind == "ipynb":
        cells = cell_sources(data)
        lengths = {k: len(src.splitlines()) for k, src in enumerate(cells, 1)}
    else:
        lengths = {None: len(data.decode("utf-8", errors="replace").splitlines())}
    for label in row.labels + row.negatives:
        if label.cell not in lengths:
            problems.append(f"{row.id}: {label}: the notebook has {len(lengths)} cells")
        elif label.last > lengths[label.cell]:
            problems.append(f"{row.id}: {label}: past the last line ({lengths[label.cell]})")
    return problems


def contradictions(row: Row) -> list[str]:
    """A pattern both labelled and negated on overlapping lines: possible (two calls on a line), rarely meant."""
    problems = []
    for p in row.labels:
        for n in row.negatives:
            if p.pattern == n.pattern and p.cell == n.cell and p.first <= n.last and n.first <= p.last:
                problems.append(f"{row.id}: {p} and {n} label the same lines both ways")
    return problems


# -- the two splits

SPLITS = ("dev", "validation")
SPLIT_FILES = {"dev": "manifest.tsv", "validation": "validation.tsv"}


def split_path(folder: Path, split: str) -> Path:
    """Where a split's manifest lives in ``folder`` (``field/``): dev is ``manifest.tsv``, the frozen
    validation split ``validation.tsv``. Both have the same columns."""
    return folder / SPLIT_FILES[split]


def chosen_splits(choice: str) -> tuple[str, ...]:
    """``dev``, ``validation`` or ``all`` (both, dev first) as the tuple of split names."""
    if choice == "all":
        return SPLITS
    if choice not in SPLITS:
        raise ManifestError(f"unknown split {choice!r}: expected dev, validation or all")
    return (choice,)


def overlap(rows: dict[str, list[Row]]) -> list[str]:
    """Repositories and ids found in more than one split: the split is by repository, so a repository
    is in exactly one split, and an id names one file under ``field/files/`` whatever its split."""
    problems = []
    for key, what in ((lambda r: r.repo, "repository"), (lambda r: r.id, "id")):
        owners: dict[str, str] = {}
        for split, found in rows.items():
            for row in found:
                other = owners.setdefault(key(row), split)
                if other != split:
                    problems.append(f"{what} {key(row)} is in both the {other} and the {split} split")
    return sorted(set(problems))
