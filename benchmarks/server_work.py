"""Where the CPU of one change goes in a language server's worker: the engine in this process, as a worker runs it.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/server_work.py [--changes 10] [--lines 2000]

The file is ``server_latency.py``'s. Each change inserts a line with findings in the middle of the file,
or removes it, and rewrites the comment line after it (every version a new text), and is analysed as
``autofix server``'s worker analyses it: :func:`autofix.files.fix_file.process_text` in LINT mode inside
:func:`autofix.engine.pieces.reusing_pieces`, after the file's last version. The script prints the median CPU
time (``time.process_time``) of a whole analysis, of the parse, of the tree's index, of the findings'
positions and of each rule, measured by wrapping those functions (the wrapping itself costs a little).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_latency import MARKER, STAMP, generate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=10)
    args = parser.parse_args()

    import autofix.engine.lint as lint
    import codemods.core.tree as tree_module
    from autofix.config.rule_catalog import select_codes
    from autofix.engine.pieces import PieceCache, reusing_pieces
    from autofix.files.fix_file import LINT, Task, preload, process_text

    preload()
    spent: defaultdict[str, list[float]] = defaultdict(list)

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name].append(time.process_time() - start)

        return run

    check = lint._check

    def each_rule(context: Any, rules: Any, narrowed: Any = None) -> list:
        found = []
        for rule in rules:
            found += timed(rule.code, check)(context, [rule], narrowed)
        return found

    lint._check = each_rule  # type: ignore[assignment]
    lint.spans = timed("positions", lint.spans)  # type: ignore[assignment]
    lint.parse = timed("parse", lint.parse)  # type: ignore[assignment]
    tree_init = tree_module.Tree.__init__
    tree_module.Tree.__init__ = timed("tree index", tree_init)  # type: ignore[method-assign]

    lines = generate(args.lines).splitlines(keepends=True)
    line = next(n for n, each in enumerate(lines) if each.startswith(STAMP))
    task = Task("latency.py", select_codes(None, ()), LINT, False)
    cache = PieceCache()

    def analyse(text: str) -> None:
        start = time.process_time()
        with reusing_pieces(cache, "latency.py"):
            result, _ = process_text("latency.py", text.encode(), task)
        spent["whole analysis"].append(time.process_time() - start)
        assert result.error is None, result.error

    for version in range(args.changes + 2):
        inserting = version % 2 == 0
        new = [MARKER] * inserting + [f"{STAMP}{version}\n"]
        lines[line : line + (2 if lines[line] == MARKER else 1)] = new
        if version == 2:
            spent.clear()  # the first two: the whole file parsed, then its first change
        analyse("".join(lines))
    print(f"{args.lines}-line file, {args.changes} changes, median CPU per change:")
    for name, values in sorted(spent.items(), key=lambda item: -statistics.median(item[1])):
        print(f"  {name:15s} {statistics.median(values) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
