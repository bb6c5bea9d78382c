"""Where ``check`` and ``apply`` of one file spend their time, in-process, stage by stage.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/stages.py FILE [--top 25]   # --top 0: no cProfile
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/stages.py FOLDER            # check of its torch files, by rule

Runs :func:`autofix.engine.lint.lint_and_fix` as a worker does (the worker's collector settings), with each
stage wrapped in a CPU timer: the screen, the first parse, the tree index and the rules (each pass),
positions of findings, applying a pass's edits, re-parsing what a pass changed (:mod:`autofix.engine.reparse`);
for apply, a line per pass: its index's, rules' and re-parse's time, the fixes it found, applied (and of
those, the new ones: not waiting since the last pass, so found because its fixes fed them; counted by rule
and message), and deferred because they overlap a fix applied first (they come back next pass, which is
why there are several), and the rules it ran (the first and the last pass run them all); then a bare
``libcst.parse_module`` of the same text for the ratios, with what apply would cost if every pass after the
first were free (the floor of any engine that re-runs rules only on what a pass changed), and the top of a
cProfile of ``apply`` (cumulative). ``--ideal-carry`` declares every rule statement-local, so that the
last pass carries every rule's findings in the statements no pass changed since it looked: the most any
carry of findings per top-level statement could save (a bound; its fixed text need not be right),
which shows which rules' code the rule time goes to. The engine goes on from the trees its edits build
where :mod:`autofix.engine.built` proves a parse gives them (its check is a stage of its own; "re-parse
changed statements" is then the text of each changed statement and its ``ast.parse``, and the libcst
parse of the statements it doubts); run with ``AUTOFIX_REPARSE_CHANGED=1`` for the engine that parses
every changed statement again (apply's line ends with a digest of the fixed text, to compare). cProfile slows Python code more than
libcst's native parser, so its shares overstate the rules; the stage table is the one to quote. ``--waits`` lists, per
pass, which applied fix each deferred one overlaps and how their edits meet (what keeps them for the next
pass; it costs time inside apply's total, so not for timing).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import io
import pstats
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import libcst

import autofix.engine.lint as engine
import autofix.engine.reparse as reparse
from autofix.files.workers import _WORKER_GC_THRESHOLDS
from codemods import all_rules

SECONDS: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)
LAST: dict[str, float] = {}  # each stage's last call: the index built for the pass about to run its rules


def _timed(name: str, function):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            LAST[name] = time.process_time() - start
            SECONDS[name] += LAST[name]
            CALLS[name] += 1

    return wrapper


PASSES: list[
    dict[str, object]
] = []  # apply, per pass: index and rule seconds, fixes applicable/applied/deferred
_INDEX = "index the tree (one per pass)"
WAITS = False  # --waits: what each deferred fix overlaps (costs time inside apply's total: not for timing)


def _per_pass(check, non_overlapping, index):
    def new_pass(*args, **kwargs):
        tree = index(*args, **kwargs)
        PASSES.append({"rules": 0.0, "run": [], "focused": [], "index": LAST.get(_INDEX, 0.0)})
        return tree

    def rules(context, which, *narrowed):
        which = list(which)
        start = time.process_time()
        findings = check(context, which, *narrowed)
        PASSES[-1]["rules"] += time.process_time() - start  # type: ignore[operator]
        run = PASSES[-1]["focused" if context.focus is not None else "run"]
        run.extend(rule.code for rule in which)  # type: ignore[attr-defined]
        return findings

    def choose(applicable, tree):
        chosen, waiting = non_overlapping(applicable, tree)
        # Of the fixes applied, those that did not wait in the last pass: new findings, fed by its fixes.
        # (a pass that chose nothing, the last of a run, has no "waiting")
        waited = Counter(PASSES[-2].get("waiting", ())) if len(PASSES) > 1 else Counter()  # type: ignore[call-overload]
        fed: Counter[str] = Counter()
        for finding in chosen:
            key = (finding.code, finding.message)
            if waited[key]:
                waited[key] -= 1
            else:
                fed[finding.code] += 1
        PASSES[-1].update(
            applicable=len(applicable),
            chosen=len(chosen),
            deferred=Counter(finding.code for finding in waiting),
            waiting=[(finding.code, finding.message) for finding in waiting],
            fed=fed,
            waits_on=_waits_on(chosen, waiting, tree) if WAITS else Counter(),
        )
        return chosen, waiting

    return new_pass, rules, choose


def _waits_on(chosen, waiting, tree) -> Counter[tuple[str, str, str]]:
    """For each fix deferred, the rule of the fix applied first that it overlaps, and how their edits
    meet: the same node replaced by both, the applied one's node inside the deferred one's, the deferred
    one's inside the applied one's (or a mix, in fixes of several places)."""
    owner: dict[int, object] = {}
    for finding in chosen:
        for node in finding.edits:
            for inner in tree.descendants(node):
                owner.setdefault(id(inner), finding)
    waits: Counter[tuple[str, str, str]] = Counter()
    for finding in waiting:
        first = next(
            (
                owner[id(inner)]
                for node in finding.edits
                for inner in tree.descendants(node)
                if id(inner) in owner
            ),
            None,
        )
        if first is None:
            waits[(finding.code, "?", "?")] += 1
            continue
        mine = {id(node) for node in finding.edits}
        theirs = {id(node) for node in first.edits}  # type: ignore[attr-defined]
        under_mine = {id(inner) for node in finding.edits for inner in tree.descendants(node)}
        under_theirs = {id(inner) for node in first.edits for inner in tree.descendants(node)}  # type: ignore[attr-defined]
        how = (
            "the same node"
            if mine & theirs
            else "inside the deferred one's"
            if theirs <= under_mine
            else "around the deferred one's"
            if mine <= under_theirs
            else "mixed"
        )
        waits[(finding.code, first.code, how)] += 1  # type: ignore[attr-defined]
    return waits


def _instrument() -> None:
    engine.refuse_if_too_deep = _timed("screen (nesting depth)", engine.refuse_if_too_deep)
    engine.parse = _timed("first parse (libcst)", engine.parse)
    engine.Tree = _timed(_INDEX, engine.Tree)
    engine.reused_tree = _timed(_INDEX, engine.reused_tree)  # the first pass's index
    engine.reused_tree, _, _ = _per_pass(engine._check, engine._non_overlapping, engine.reused_tree)
    engine.Tree, engine._check, engine._non_overlapping = _per_pass(
        engine._check, engine._non_overlapping, engine.Tree
    )
    engine._check = _timed("rules (every pass)", engine._check)
    engine.spans = _timed("positions of findings", engine.spans)
    engine.apply_edits = _timed("apply a pass's edits (path copy)", engine.apply_edits)
    engine.unproven = _timed("check the built trees (built.py)", engine.unproven)
    reparse.Reparser.__init__ = _timed("statement texts (once)", reparse.Reparser.__init__)
    reparse.Reparser.advance = _timed("re-parse changed statements", _charged(reparse.Reparser.advance))


def _charged(advance):
    """``Reparser.advance``, its CPU seconds also noted on the pass whose fixes it re-parses."""

    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return advance(*args, **kwargs)
        finally:
            PASSES[-1]["reparse"] = time.process_time() - start

    return timed


def _stages(text: str, fix: bool) -> float:
    SECONDS.clear()
    CALLS.clear()
    PASSES.clear()
    start = time.process_time()
    outcome = engine.lint_and_fix(text, all_rules(), fix=fix, unsafe_fixes=True, want_positions=not fix)
    total = time.process_time() - start
    what = f"{len(outcome.diagnostics)} findings"
    if fix:
        digest = hashlib.sha256((outcome.new_text or text).encode()).hexdigest()[:12]
        what = f"{sum(outcome.applied.values())} fixes, fixed text {digest}"
    print(f"{'apply' if fix else 'check'}: {total:.2f} s CPU in all ({what})")
    for name, seconds in SECONDS.items():
        print(f"  {name:36} {seconds:7.2f} s  {100 * seconds / total:5.1f} %  x{CALLS[name]}")
    print(f"  {'other':36} {total - sum(SECONDS.values()):7.2f} s")
    if fix:
        print(
            "  pass | index (s) | rules (s) | re-parse (s) | fixes applicable | applied | of them new"
            " (not waiting since the last pass: fed by its fixes) | deferred (overlapping a fix applied"
            " first) | rules run (on the changed statements; on the whole module)"
        )
        for number, one in enumerate(PASSES, 1):
            by_rule = one.get("deferred") or Counter()
            fed = one.get("fed") or Counter()
            print(
                f"  {number:4} | {one['index']:9.2f} | {one['rules']:9.2f} | {one.get('reparse', 0.0):12.2f} |"
                f" {one.get('applicable', 0):16} | {one.get('chosen', 0):7} |"
                f" {_counted(fed) if number > 1 else '-'} | {_counted(by_rule)} |"
                f" {_listed(one['focused'])}; {_listed(one['run'])}"
            )
        if WAITS:
            print(
                "  what each deferred fix waits on (pass: deferred rule, applied rule, where the applied edit is):"
            )
        for number, one in enumerate(PASSES, 1):
            for (deferred, applied, how), count in (one.get("waits_on") or Counter()).most_common():
                print(f"  {number:4}: {deferred} on {applied}, {how}: {count}")
    return total


def _counted(by_rule: Counter[str]) -> str:
    """A count of fixes, and by rule."""
    return f"{sum(by_rule.values())} {dict(sorted(by_rule.items())) if by_rule else ''}".strip()


def _listed(codes: list[str]) -> str:
    """The rules a pass ran, as the table shows them."""
    return "all" if len(codes) == len(all_rules()) else " ".join(codes) or "-"


def _one_full_pass_floor() -> float:
    """What the last apply would cost if the passes after the first were free (an ideal incremental engine:
    rules re-run only on what changed, at no cost): the first parse, the first pass's index and rules,
    and the work that does not depend on how the later passes find their fixes (statement texts, edits,
    re-parsing every statement a fix changed, which the project requires of every rewrite)."""
    first = PASSES[0] if PASSES else {"index": 0.0, "rules": 0.0}
    return (
        SECONDS["screen (nesting depth)"]
        + SECONDS["first parse (libcst)"]
        + first["index"]  # type: ignore[operator]
        + first["rules"]
        + SECONDS["statement texts (once)"]
        + SECONDS["apply a pass's edits (path copy)"]
        + SECONDS["re-parse changed statements"]
        + SECONDS["check the built trees (built.py)"]
    )


def _folder(folder: Path) -> None:
    """``check``'s stages summed over the torch files under ``folder``, each rule timed on its own."""
    rule_seconds: dict[str, float] = defaultdict(float)
    for rule in all_rules():

        def timed_check(self, check=rule.check, code=rule.code):
            start = time.process_time()
            try:
                check(self)
            finally:
                rule_seconds[code] += time.process_time() - start

        rule.check = timed_check  # type: ignore[method-assign]
    _instrument()
    texts = [
        t
        for t in (p.read_text(errors="replace") for p in sorted(folder.rglob("*.py")))
        if engine.mentions_torch(t)
    ]
    start = time.process_time()
    for text in texts:
        try:
            engine.lint_and_fix(text, all_rules(), fix=False, unsafe_fixes=True)
        except engine.SourceError:
            pass
    total = time.process_time() - start
    parse, index = SECONDS["first parse (libcst)"], SECONDS[_INDEX]
    rules = SECONDS["rules (every pass)"]
    print(f"check of {len(texts)} torch files under {folder}: {total:.2f} s CPU in all")
    for name, seconds in SECONDS.items():
        print(f"  {name:36} {seconds:7.2f} s  {100 * seconds / total:5.1f} %")
    print(f"  {'other':36} {total - sum(SECONDS.values()):7.2f} s")
    print(
        "  by rule: " + ", ".join(f"{code} {seconds:.2f}" for code, seconds in sorted(rule_seconds.items()))
    )
    print(f"index + rules = {(index + rules) / parse:.3f} of the parse")


def _declare_every_rule_statement_local() -> None:
    """Has the engine's incremental last pass (``docs/engine.md``) carry every rule's findings in the
    statements no pass changed since the rule last looked at them, and run the rule only on the others.

    A bound for any carry of findings per top-level statement, however its module facts were
    fingerprinted: the rules still pay their module-wide set-up on the changed statements, and the
    rules run in the first pass only must look again at every statement a pass changed."""
    for rule in all_rules():
        rule.reads = ()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", type=Path, help="a file (check and apply), or a folder (check of its torch files)"
    )
    parser.add_argument("--top", type=int, default=25, help="lines of the cProfile of apply (0: no profile)")
    parser.add_argument(
        "--ideal-carry",
        action="store_true",
        help="every rule declared statement-local (Rule.reads = ()): the most a per-statement carry of"
        " findings could save (a bound, not an apply: the fixed text may be wrong)",
    )
    parser.add_argument(
        "--waits",
        action="store_true",
        help="list what each deferred fix overlaps, per pass (inflates apply's time: not for timing)",
    )
    args = parser.parse_args()
    global WAITS
    WAITS = args.waits
    if args.ideal_carry:
        _declare_every_rule_statement_local()
    gc.freeze()
    gc.set_threshold(*_WORKER_GC_THRESHOLDS)
    if args.file.is_dir():
        return _folder(args.file)
    text = args.file.read_text()
    _instrument()
    check = _stages(text, fix=False)
    apply = _stages(text, fix=True)
    floor = _one_full_pass_floor()
    gc.collect()
    start = time.process_time()
    libcst.parse_module(text)
    bare = time.process_time() - start
    print(
        f"bare libcst.parse_module (same process, same collector settings): {bare:.2f} s CPU;"
        f" check {check / bare:.2f}x, apply {apply / bare:.2f}x"
    )
    print(
        f"apply with the later passes free (first pass's index and rules, statement texts, edits, re-parses):"
        f" {floor:.2f} s, {floor / bare:.2f}x"
    )
    if args.top <= 0:
        return
    profiler = cProfile.Profile()
    profiler.runcall(engine.lint_and_fix, text, all_rules(), fix=True, unsafe_fixes=True)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
    print("\ncProfile of apply, cumulative, top", args.top)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:20000])


if __name__ == "__main__":
    sys.exit(main())
