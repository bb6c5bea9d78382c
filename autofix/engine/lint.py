"""Lint and fix one file's text: parse, run the rules in one traversal, apply fixes until stable.

Nothing here touches the file system; :mod:`autofix.files.fix_file` does that around :func:`lint_and_fix`.
"""

from __future__ import annotations

import ast
import gc
import os
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import libcst as cst

from autofix.engine.built import unproven
from autofix.engine.diagnostic import Diagnostic  # defined there, so that reading results needs no libcst
from autofix.engine.edits import Replacement, apply_edits
from autofix.engine.fix_edits import FixEdits
from autofix.engine.pieces import parse_module, reused_extents, reused_tree
from autofix.engine.positions import Span, spans
from autofix.engine.reparse import Reparser
from autofix.engine.screen import refuse_if_too_deep, syntax_error
from autofix.engine.text_edits import LINE_BREAK
from autofix.engine.text_fixes import back_to_original, diagnostic, fixed_text, text_fixes
from autofix.engine.trace import FixTrace
from autofix.files.source import SourceError, may_be_python2, may_choose_gpu, may_use_torch
from codemods.analysis.values import ProjectMoves
from codemods.core.base import Finding, FixSafety, Rule, RuleContext, TextFix
from codemods.core.facts import fingerprint
from codemods.core.name_bindings import shadowed_at
from codemods.core.names import ImportAliases, dotted_name, star_binds_torch
from codemods.core.project_names import NO_PROJECT, ProjectNames
from codemods.core.tree import Tree, children
from codemods.fixes.inserts import after_imports

MAX_PASSES = 10

# Set to 1, every rule runs on the whole module in the last pass, as before the incremental last pass
# (docs/engine.md): the equivalence test compares the two, and a suspected miss can be ruled out with it.
WHOLE_LAST_PASS = "AUTOFIX_WHOLE_LAST_PASS"
# Set to 1, every statement a pass of fixes changed is parsed again with libcst, as before the engine went
# on from the trees its edits build (autofix.engine.built): tests compare the two.
REPARSE_CHANGED = "AUTOFIX_REPARSE_CHANGED"

# Suppression comments: "autofix: ignore", "autofix: ignore[DEV002, DEV003]", "noqa", "noqa: DEV002,DEV003".
_SUPPRESSION = re.compile(
    r"#\s*(?:autofix:\s*ignore(?:\[(?P<codes>[^\]]*)\])?|noqa(?::\s*(?P<noqa>[A-Z0-9, ]+))?)",
    re.IGNORECASE,
)


@dataclass
class Outcome:
    new_text: str | None = None  # None when nothing changed
    diagnostics: list[Diagnostic] = field(default_factory=list)
    applied: Counter[str] = field(default_factory=Counter)
    withheld_unsafe: Counter[str] = field(default_factory=Counter)
    dropped: list[str] = field(default_factory=list)


def parse(text: str) -> cst.Module:
    refuse_if_too_deep(text)
    try:
        return parse_module(text)  # a large file in pieces: the same tree, in less time
    except cst.ParserSyntaxError as exc:
        raise syntax_error(text, exc) from exc
    except cst.CSTValidationError as exc:  # code the grammar takes and Python refuses: `b'a' 'b'`
        raise SourceError(f"syntax error: {exc}") from exc
    except RecursionError as exc:
        raise SourceError("too deeply nested for libcst to parse (RecursionError)") from exc


def mentions_torch(text: str) -> bool:
    """Files that never mention torch are not parsed at all: on a large tree that is most of them.
    A star import may bring `torch` in without naming it (see codemods.core.names). The test itself lives in
    autofix.files.source, so that the main process can apply it to bytes without importing libcst."""
    return may_use_torch(text)


def parsed_for(text: str, rules: Sequence[type[Rule]]) -> list[type[Rule]]:
    """The rules that may run on ``text`` at all: every rule where it mentions torch; where it never
    does but may choose its GPU (a config module's ``default="cuda"``), those that read such files
    (``Rule.reads_torch_free``); where it is Python 2 (a helper module of a Python 2 project), those
    that convert it (``Rule.reads_python2``, when they have text fixes for it); else none, and the file
    is not parsed."""
    if mentions_torch(text):
        return list(rules)
    chosen = [rule for rule in rules if rule.reads_torch_free] if may_choose_gpu(text) else []
    if may_be_python2(text):
        # only a file they would convert: another torch-free file that does not parse stays unread
        chosen += [
            rule for rule in rules if rule.reads_python2 and rule not in chosen and rule.text_fixes(text)
        ]
    return chosen


def active_rules(text: str, rules: Sequence[type[Rule]]) -> list[type[Rule]]:
    """The rules worth running on ``text``: those whose trigger strings it contains."""
    present: dict[str, bool] = {}  # rules share triggers, and a trigger not there costs a scan of the text
    active = []
    for rule in rules:
        for trigger in rule.triggers:
            found = present.get(trigger)
            if found is None:
                found = present[trigger] = trigger in text
            if found:
                active.append(rule)
                break
    return active


def lint_and_fix(
    text: str,
    rules: Sequence[type[Rule]],
    *,
    fix: bool,
    unsafe_fixes: bool = False,
    want_positions: bool = True,
    want_edits: bool = False,
    device_style: str = "classic",
    project_moves: ProjectMoves | None = None,
    trace: FixTrace | None = None,
    project_taken: frozenset[str] | None = None,
    project: ProjectNames = NO_PROJECT,
) -> Outcome:
    """Find problems in ``text`` and, when ``fix`` is set, rewrite it until no applicable fix is left.

    ``outcome.diagnostics`` describes the original text (each with its fix as text edits when
    ``want_edits`` is set); ``trace``, when given, collects every fix applied, of every pass
    (:mod:`autofix.engine.trace`). Raises :class:`SourceError` for text that
    cannot be handled (syntax error, libcst recursion limit, a fix that breaks the code).
    """
    outcome = Outcome()
    rules = parsed_for(text, rules)
    if not rules:
        return outcome
    body, trailing = _set_aside_trailing_blank_lines(text)
    active = active_rules(body, rules)
    repairs = text_fixes(body, active)  # tokens that keep the file from parsing at all: fixed in the text
    withheld = False  # an unsafe repair not allowed: the file is read repaired, but nothing is written
    parts: list[TextFix] = []  # what the repairs replace in the text (a fix's further parts included)
    if repairs:
        lines = LINE_BREAK.split(body)
        repairs = [(r, f) for r, f in repairs if not _silences(lines[f.line - 1], r.code)]
        withheld = fix and not unsafe_fixes and any(r.fix_safety is FixSafety.UNSAFE for r, _ in repairs)
        if trace is not None and fix and not withheld:
            trace.repaired(body, [(r.code, r.fix_safety.value, f) for r, f in repairs])
        parts = [part for _, f in repairs for part in f.parts]
        body = fixed_text(body, parts)
        active = active_rules(body, rules)
    try:
        with _collector_paused():
            _lint_and_fix(
                body,
                rules,
                active,
                fix and not withheld,
                unsafe_fixes,
                want_positions,
                want_edits,
                outcome,
                device_style,
                project_moves,
                trace,
                project_taken,
                project,
            )
    except RecursionError as exc:
        raise SourceError("too deeply nested for libcst (RecursionError)") from exc
    if repairs:
        found = [diagnostic(r.code, f, r.fix_safety.value, want_edits) for r, f in repairs]
        moved = back_to_original(outcome.diagnostics, parts)
        outcome.diagnostics = sorted(
            moved + found if want_positions else moved, key=lambda d: (d.line, d.column, d.code)
        )
        if withheld:
            outcome.withheld_unsafe.update(r.code for r, _ in repairs if r.fix_safety is FixSafety.UNSAFE)
        elif fix:
            outcome.applied.update(r.code for r, _ in repairs)
            if outcome.new_text is None:
                outcome.new_text = body
    if outcome.new_text is not None:
        outcome.new_text += trailing
    return outcome


# The blank and comment lines after a file's last line of code (a line break, then only such lines).
_TRAILING_LINES = re.compile(
    r"(?:\r\n|\r|\n)((?:[ \t\f]*(?:#[^\r\n]*)?(?:\r\n|\r|\n))*[ \t\f]*(?:#[^\r\n]*)?)\Z"
)


def _set_aside_trailing_blank_lines(text: str) -> tuple[str, str]:
    """``text`` up to the line break that ends its last line of code, and the blank and comment lines after
    it, when one of those is blank but holds spaces or tabs.

    libcst loses such lines among the blank and comment lines that end a file (``"x = 1\\n\\n \\n"`` comes
    back ``"x = 1\\n \\n"``; ``"def f():\\n    return 1\\n \\n \\n#"`` without one `` \\n``), so the
    round-trip guard would refuse the whole file. Such lines mean nothing to Python, and no fix or
    suppression comment reads them: they are set aside while the file is handled, and put back after."""
    found = _TRAILING_LINES.search(text, _last_code_line(text))
    if found is None or text[found.start() - 1 : found.start()] == "\\":
        return text, ""  # no such lines; or a backslash joins the next line to the code line
    tail = found.group(1)
    if not any(line and line.isspace() for line in LINE_BREAK.split(tail)):
        return text, ""  # libcst gives these back as they are: nothing to set aside
    return text[: found.start(1)], tail


_BLANK_OR_COMMENT = re.compile(r"[ \t\f]*(?:#[^\r\n]*)?")


def _last_code_line(text: str) -> int:
    """Where the last line of ``text`` that is not blank or a comment starts (0 when there is none).

    The lines after it are the only ones ``_TRAILING_LINES`` can match, and searching from every line
    break of a large file for them cost 1 % of a ``check`` of timm."""
    end = len(text)
    while end > 0:
        start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        if _BLANK_OR_COMMENT.fullmatch(text, start, end) is None:
            return start
        end = start - 1  # (of "\r\n", the "\r" is then an empty line's end: it changes nothing)
    return 0


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while one file is handled, back as it was after.

    A file's trees are millions of objects, and the collector scanned each of them at least once as it
    was made: 5.0 s of apply of the 5 MB generated file, 9 %. They make no reference cycles (a node does
    not point back up, and the rules' helpers make none: ``tests/test_autofix/engine/test_engine.py``
    checks, on the corpus,
    that a run leaves no cyclic garbage of this project's code), so reference counting frees every tree
    when a pass is done with it. What cyclic garbage other code makes (the standard library's
    ``ast.literal_eval`` makes a few small cycles a call) is collected once the collector is back."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _lint_and_fix(
    text: str,
    rules: Sequence[type[Rule]],
    active: list[type[Rule]],
    fix: bool,
    unsafe_fixes: bool,
    want_positions: bool,
    want_edits: bool,
    outcome: Outcome,
    device_style: str = "classic",
    project_moves: ProjectMoves | None = None,
    trace: FixTrace | None = None,
    project_taken: frozenset[str] | None = None,
    project: ProjectNames = NO_PROJECT,
) -> Outcome:
    """Passes of fixes, until every rule, run on the text to be returned, has nothing left to apply.

    Only the first pass and the last run every rule on the whole module. A pass in between runs the
    rules that can have something new to fix: those whose fixes the last pass deferred (they overlapped
    a fix applied first) and those its fixes feed (``Rule.feeds``). On a file whose fixes nest, that is a
    few rules of ten, and a pass of every rule costs about as much as parsing the file. A rule that looks
    for sites with ``Rule.sites`` looks, in such a pass, only in the top-level statements the last pass
    changed or deferred a fix in (its focus); it still reads facts about the module from the whole
    current tree, so a fix is applied only where its rule, run on the text it is applied to, gives it.
    When such a pass has nothing to apply, the rules that did not run, and those that looked at the focus
    only, run on the whole module of the same tree, their findings merged in rule order: the full pass,
    exactly. ``feeds`` and the focus are only a schedule; the full last pass is the guarantee.
    """
    current = text
    module = parse(text)
    reparser: Reparser | None = None  # made at the first fix: re-parses what each pass changed
    deferred: Counter[tuple[str, str]] = Counter()
    held: list[cst.CSTNode] = []  # the top-level statements where the last pass deferred a fix
    applying_passes = 0
    wanted = active  # the rules whose triggers the current text has
    tree: Tree | None = None
    aliases: ImportAliases | None = None
    # What the rules that declare their module facts found, statement by statement (None: switched off).
    known: _Known | None = None if os.environ.get(WHOLE_LAST_PASS) == "1" else _Known()
    trust_built = os.environ.get(REPARSE_CHANGED) != "1"
    torch_unbound_at_start = True  # (read on the first pass of fixes)
    while True:
        # The statements the last pass (or, first, the file's last version) left alone are copied from
        # its index.
        tree = Tree(module, tree) if tree is not None else reused_tree(module)
        focus = None if applying_passes == 0 else _focus(tree, held)
        aliases = ImportAliases.of(tree, aliases, project)  # the last pass's answers kept where they hold
        context = RuleContext(
            module,
            current,
            tree,
            aliases,
            device_style,
            focus,
            project_moves or {},
            project_taken,
            project,
        )
        record = want_positions and applying_passes == 0  # the first pass: it describes the original text
        if fix and applying_passes == 0:
            # A file that reads `torch.x` without binding it (a notebook fed by another cell) stays as is;
            # one that did not gets `import torch` where the fixes spell `torch.x` (`from torch import
            # FloatTensor`, `FloatTensor(3)` -> `torch.empty(3, dtype=torch.float32)`).
            torch_unbound_at_start = _reads_unbound_torch(tree, aliases)
            unbound_reads_at_start = _reads_of_torch_unbound_for_sure(tree, aliases)
        narrowed: set[type[Rule]] = set()  # the rules that looked at the focus only
        found = _found(context, wanted, outcome, record, record and want_edits, narrowed)
        _account_for_deferred(deferred, [f for findings in found.values() for f in findings], outcome)
        if not fix:
            return outcome
        if known is not None:
            known.note(context, found, narrowed)
        applicable = _applicable(found, rules, unsafe_fixes)
        if not applicable:
            # The last pass: every rule, as on the whole module. The findings of a rule that looked at the
            # whole module already are the same on the same tree.
            again = [rule for rule in active if rule not in found or rule in narrowed]
            found.update(_last_pass(context, again, outcome, known, rules, unsafe_fixes))
            applicable = _applicable(found, rules, unsafe_fixes)
        if not unsafe_fixes:
            _note_withheld(outcome, found)
        if (
            not applicable
            and current != text
            and not torch_unbound_at_start
            and (
                _reads_unbound_torch(tree, aliases)
                or _reads_of_torch_unbound_for_sure(tree, aliases) > unbound_reads_at_start
            )
        ):
            # The fixes spell `torch.x` where nothing binds `torch`: the import is a pass of its own, so
            # that the rules read it (DEV007 writes a portable device only where `torch` is bound) and a
            # second `apply` has nothing left to do.
            if applying_passes == MAX_PASSES:
                raise SourceError(f"fixes did not settle after {MAX_PASSES} passes; left untouched")
            applying_passes += 1
            assert reparser is not None  # (a pass of fixes made `current`)
            if trace is not None:
                trace.note(module, current, tree, [], [], applying_passes)
            imported = after_imports(module, [cst.parse_statement("import torch\n")])
            rebuilt_imports: dict[int, cst.CSTNode] = {}
            module, current = reparser.advance(
                apply_edits(module, imported, tree, rebuilt_imports), rebuilt_imports, None
            )
            if trace is not None:
                trace.advance(current)
            active = active_rules(current, rules)
            wanted, held, deferred = active, [], Counter()
            continue
        if not applicable:
            if current != text:
                # The round-trip guard, paid only when there is something to write.
                if reparser is not None and reparser.original_text != text:
                    raise SourceError(
                        "left untouched: libcst does not reproduce this file byte for byte, so a fix"
                        " would also change unrelated code"
                    )
                if not _python_reads(current) and _python_reads(text):
                    # The last guard: the passes parse only what they changed, each part alone (a
                    # `match` case once lost its indentation that way), and Python must read the whole.
                    raise SourceError(
                        "internal error: the fixes produced code Python cannot read; please report it"
                    )
                outcome.new_text = current
            return outcome
        if applying_passes == MAX_PASSES:
            raise SourceError(f"fixes did not settle after {MAX_PASSES} passes; left untouched")
        applying_passes += 1
        chosen, waiting = _non_overlapping(applicable, tree)
        deferred = Counter((f.code, f.message) for f in waiting)
        held = list(
            {
                id(top): top
                for f in waiting
                for node in (f.node, *f.edits)
                if (top := tree.top_level(node)) is not None
            }.values()
        )
        if trace is not None:
            trace.note(module, current, tree, chosen, waiting, applying_passes)
        reparser = reparser or Reparser(module)
        rebuilt: dict[int, cst.CSTNode] = {}  # what apply_edits copied, from which original
        edits: Mapping[cst.CSTNode, Replacement] = {
            node: repl for f in chosen for node, repl in f.edits.items()
        }
        # Where a parse may not give the tree the edits build: parsed again (all of it when not trusted).
        edits, doubtful = unproven(edits, tree) if trust_built else (edits, None)
        try:
            # Proves the fix parses, and is the next pass's tree: the tree the edits build where a parse
            # gives it, else only the changed statements parsed again.
            module, rewritten = reparser.advance(apply_edits(module, edits, tree, rebuilt), rebuilt, doubtful)
        except cst.ParserSyntaxError as exc:
            codes = ", ".join(sorted({f.code for f in chosen}))
            raise SourceError(
                f"internal error: a {codes} fix produced invalid code; please report it"
            ) from exc
        if rewritten == current:
            raise SourceError(f"internal error: a {chosen[0].code} fix changed nothing; please report it")
        outcome.applied.update(f.code for f in chosen)
        if trace is not None:
            trace.advance(rewritten)
        current = rewritten
        active = active_rules(current, rules)
        wanted = _next_rules(rules, active, chosen, deferred)


_ByStatement = dict[int, tuple[cst.CSTNode, list[Finding]]]  # id(statement): (statement, findings)


class _Known:
    """The findings of the rules that declare ``Rule.reads``, by top-level statement, each rule's with the
    fingerprint of the module facts it read (``codemods.core.facts``) when it found them.

    A rule's findings in a statement depend only on the statement and on those facts (its declaration):
    while the facts' fingerprint stays the same, the findings noted for a statement that is still the
    same node are the rule's findings there on the current module, whichever pass noted them."""

    def __init__(self) -> None:
        # rule -> (facts, {id(statement): (statement, findings)}); the statement keeps its id from reuse
        self.rules: dict[type[Rule], tuple[tuple[Hashable, ...], _ByStatement]] = {}

    def note(
        self, context: RuleContext, found: dict[type[Rule], list[Finding]], narrowed: set[type[Rule]]
    ) -> None:
        """Notes what the rules of ``found`` found on ``context`` (those of ``narrowed`` in its focus only),
        and forgets the statements no longer in the module."""
        tops = children(context.tree.root)
        present = {id(top) for top in tops}
        for _, statements in self.rules.values():
            for gone in [key for key in statements if key not in present]:
                del statements[gone]
        for rule, findings in found.items():
            if rule.reads is None:
                continue
            facts = fingerprint(context, rule.reads)
            where = [context.tree.top_level(f.node) for f in findings]
            if any(top is None for top in where):  # a finding outside every statement: not kept
                self.rules.pop(rule, None)
                continue
            if rule in narrowed:
                noted = self.rules.get(rule)
                if noted is None or noted[0] != facts:
                    self.rules.pop(rule, None)  # noted under other facts: the rule runs whole at the end
                    continue
                statements = noted[1]
                looked: Sequence[cst.CSTNode] = context.focus or ()
            else:
                statements = {}
                self.rules[rule] = (facts, statements)
                looked = tops
            for top in looked:
                statements[id(top)] = (top, [])
            for finding, place in zip(findings, where):
                entry = statements.get(id(place))
                # A focused run's finding outside its focus is not all of its statement's: not noted.
                if entry is not None and entry[0] is place and place is not None:
                    entry[1].append(finding)

    def carried(
        self, context: RuleContext, rule: type[Rule]
    ) -> tuple[list[Finding], list[cst.CSTNode]] | None:
        """The findings ``rule`` would make in the statements it has looked at since they last changed,
        and the statements it has not; None when its facts changed since (or it never declared them)."""
        noted = self.rules.get(rule)
        if noted is None or rule.reads is None or fingerprint(context, rule.reads) != noted[0]:
            return None
        statements = noted[1]
        carried: list[Finding] = []
        stale: list[cst.CSTNode] = []
        for top in children(context.tree.root):
            entry = statements.get(id(top))
            if entry is None or entry[0] is not top:
                stale.append(top)
            else:
                carried.extend(entry[1])
        return carried, stale


def _python_reads(text: str) -> bool:
    """Does this Python (the one running autofix) compile ``text``? A file written for a newer Python may
    not, which is why a rewrite is held to this only where its original passes."""
    try:
        compile(text, "<fixed>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def _reads_unbound_torch(tree: Tree, aliases: ImportAliases) -> bool:
    """Whether the module reads ``torch.x`` where no import binds ``torch`` at module level (nor a star
    import may have: ``from utils import *``), or reads it at its top level before the first such import
    runs (``import torch`` late in a script, below the code a fix rewrote to ``torch.sigmoid(x)``)."""
    imported_at = None
    if "torch" in aliases.module_names:
        imported_at = _first_torch_import(tree)
        if imported_at is None:
            return False
    if _star_may_bind_torch(tree):
        return False
    return any(
        imported_at is None or _runs_before(tree, node, imported_at) for node in _module_torch_reads(tree)
    )


def _reads_of_torch_unbound_for_sure(tree: Tree, aliases: ImportAliases) -> int:
    """How many ``torch.x`` the module reads that no import surely binds: torch counts as bound only
    below an unconditional ``import torch`` in the module's opening block of imports. One late, under an
    ``if``, ``except``, ``for`` or ``with``, may not have run where a function called early, a default
    argument or a decorator reads it (a NameError); a second ``import torch`` is harmless."""
    if _star_may_bind_torch(tree):
        return 0
    imported_at = _opening_torch_import(tree)
    opening = {id(s) for s in tree.root.body[: imported_at + 1]} if imported_at is not None else set()
    return sum(
        1 for node in _module_torch_reads(tree) if imported_at is None or id(tree.top_level(node)) in opening
    )


def _star_may_bind_torch(tree: Tree) -> bool:
    """Whether a star import may bind ``torch`` (``from utils import *``)."""
    return any(
        isinstance(node.names, cst.ImportStar) and star_binds_torch(node)
        for node in tree.of_type(tree.root, cst.ImportFrom)
    )


def _module_torch_reads(tree: Tree) -> Iterator[cst.Attribute]:
    """The ``torch.x`` the module reads of the module-level name ``torch``: not the dotted names of
    imports (``from torch.nn import x``), nor reads where a scope binds ``torch`` itself."""
    for node in tree.of_type(tree.root, cst.Attribute):
        if isinstance(node.value, cst.Name) and node.value.value == "torch":
            above = tree.parent(node)
            while isinstance(above, cst.Attribute):
                above = tree.parent(above)
            if isinstance(above, (cst.ImportFrom, cst.ImportAlias)):  # `from torch.nn import x`
                continue
            if shadowed_at(tree, node, "torch"):  # (`def f(): import torch`: bound there)
                continue
            yield node


def _opening_torch_import(tree: Tree) -> int | None:
    """The index in the module's body of the first ``import torch`` line (``import torch.nn``) of the
    module's opening lines: simple statements (imports, a docstring, ``os.environ[...] = ...``) and
    ``try``s of imports whose handlers raise, before any ``def``, ``class``, ``if``, loop or ``with``;
    None when there is none. (A read of ``torch.x`` above it in those lines counts as unbound.)"""
    module = tree.root
    assert isinstance(module, cst.Module)
    for index, statement in enumerate(module.body):
        if isinstance(statement, cst.SimpleStatementLine):
            lines: Sequence[cst.CSTNode] = [statement]
        elif _is_try_of_imports(statement):
            assert isinstance(statement, cst.Try)
            lines = statement.body.body
        else:
            return None
        if any(
            isinstance(line, cst.SimpleStatementLine)
            and any(isinstance(small, cst.Import) and _binds_torch(small) for small in line.body)
            for line in lines
        ):
            return index
    return None


def _is_try_of_imports(statement: cst.CSTNode) -> bool:
    """``try: import a ... except ImportError: ...; raise``: the imports ran, or the module stopped."""
    return (
        isinstance(statement, cst.Try)
        and statement.orelse is None
        and statement.finalbody is None
        and all(
            isinstance(line, cst.SimpleStatementLine)
            and all(isinstance(small, (cst.Import, cst.ImportFrom)) for small in line.body)
            for line in statement.body.body
        )
        and all(
            bool(handler.body.body)
            and isinstance(last := handler.body.body[-1], cst.SimpleStatementLine)
            and isinstance(last.body[-1], cst.Raise)
            for handler in statement.handlers
        )
    )


def _binds_torch(node: cst.Import) -> bool:
    return any(
        (alias.asname is None and (dotted_name(alias.name) or "").split(".")[0] == "torch")
        or (alias.asname is not None and dotted_name(alias.asname.name) == dotted_name(alias.name) == "torch")
        for alias in node.names
    )


def _first_torch_import(tree: Tree) -> int | None:
    """The index in the module's body of the first top-level statement holding an ``import torch`` (or
    ``import torch.nn``) that runs with the module, not in a function or class; None when there is none."""
    module = tree.root
    assert isinstance(module, cst.Module)
    for node in tree.of_type(module, cst.Import):  # (in source order: the first found is the first)
        binds_torch = any(
            (alias.asname is None and (dotted_name(alias.name) or "").split(".")[0] == "torch")
            or (
                alias.asname is not None
                and dotted_name(alias.asname.name) == dotted_name(alias.name) == "torch"
            )
            for alias in node.names
        )
        if not binds_torch or any(
            isinstance(a, (cst.FunctionDef, cst.ClassDef)) for a in tree.ancestors(node)
        ):
            continue
        top = tree.top_level(node)
        return next((i for i, statement in enumerate(module.body) if statement is top), None)
    return None


def _runs_before(tree: Tree, node: cst.CSTNode, statement_index: int) -> bool:
    """Does ``node`` run when the module does, in a top-level statement before the ``statement_index``-th
    (not in a function or lambda, which run when called)?"""
    module = tree.root
    assert isinstance(module, cst.Module)
    if any(isinstance(a, (cst.FunctionDef, cst.Lambda)) for a in tree.ancestors(node)):
        return False
    top = tree.top_level(node)
    return any(statement is top for statement in module.body[:statement_index])


def _last_pass(
    context: RuleContext,
    rules: list[type[Rule]],
    outcome: Outcome,
    known: _Known | None,
    order: Sequence[type[Rule]],
    unsafe_fixes: bool,
) -> dict[type[Rule], list[Finding]]:
    """The findings of ``rules`` on the whole module of ``context``'s tree.

    A rule whose module facts did not change since it last looked at a statement (``_Known``) is run
    only on the statements it has not looked at since they changed; its findings elsewhere are the
    ones noted. Should that give a fix to apply, those rules are run on the whole module after all, so
    that the fixes are chosen from the findings, in the order, of a whole run."""
    whole = replace(context, focus=None)
    incremental: dict[type[Rule], list[Finding]] = {}
    rest: list[type[Rule]] = []
    for rule in rules:
        carried = known.carried(context, rule) if known is not None else None
        if carried is None:
            rest.append(rule)
            continue
        findings, stale = carried
        if stale:
            focused = replace(context, focus=tuple(stale))
            narrowed: set[type[Rule]] = set()
            new = _found(focused, [rule], outcome, False, False, narrowed)[rule]
            if rule not in narrowed:
                findings = new  # it looked at the whole module
            else:
                looked = {id(top) for top in stale}
                where = [focused.tree.top_level(f.node) for f in new]
                if any(top is None for top in where):
                    rest.append(rule)
                    continue
                findings = findings + [f for f, top in zip(new, where) if id(top) in looked]
        incremental[rule] = findings
    found = _found(whole, rest, outcome, False, False)
    if _applicable(incremental, order, unsafe_fixes):
        found.update(_found(whole, list(incremental), outcome, False, False))
    else:
        found.update(incremental)
    if known is not None:
        known.note(whole, found, set())
    return found


def _found(
    context: RuleContext,
    rules: Iterable[type[Rule]],
    outcome: Outcome,
    record: bool,
    with_edits: bool,
    narrowed: set[type[Rule]] | None = None,
) -> dict[type[Rule], list[Finding]]:
    """Each rule's findings on ``context``'s module, those silenced by a comment left out; the rules
    that looked only at the context's focus are added to ``narrowed``."""
    found = {rule: _check(context, [rule], narrowed) for rule in rules}
    everything = [finding for findings in found.values() for finding in findings]
    kept = {
        id(f)
        for f in _unsuppressed(
            context.module, context.source, everything, record, with_edits, outcome, context.tree
        )
    }
    return {rule: [f for f in findings if id(f) in kept] for rule, findings in found.items()}


def _note_withheld(outcome: Outcome, found: dict[type[Rule], list[Finding]]) -> None:
    """Count the unsafe fixes a pass withheld, per rule, at the most any pass withheld.

    Not the last pass's alone: a safe fix may remove what an unsafe one was found by (DEV013 reads the
    file's `Variable` import, which DEV009 removes), and that fix would still be applied with
    ``--unsafe-fixes``, so the run must say it was withheld. The most, not the sum: each pass finds again
    what the last one left.
    """
    withheld = Counter(
        f.code for findings in found.values() for f in findings if f.fixable and f.safety is FixSafety.UNSAFE
    )
    outcome.withheld_unsafe |= withheld


def _applicable(
    found: dict[type[Rule], list[Finding]], rules: Sequence[type[Rule]], unsafe_fixes: bool
) -> list[Finding]:
    """The fixes to apply, in the order a pass of every rule gives them (rule order, then each rule's)."""
    return [
        f
        for rule in rules
        for f in found.get(rule, ())
        if f.fixable and (f.safety is FixSafety.SAFE or unsafe_fixes)
    ]


def _next_rules(
    rules: Sequence[type[Rule]],
    active: list[type[Rule]],
    chosen: list[Finding],
    deferred: Counter[tuple[str, str]],
) -> list[type[Rule]]:
    """The rules the pass after ``chosen`` were applied runs first: of the ``active`` ones, those with
    deferred fixes and those the applied fixes feed; all of them when that is none."""
    applied = {f.code for f in chosen}
    codes = {code for code, _ in deferred} | {
        fed for rule in rules if rule.code in applied for fed in rule.feeds
    }
    return [rule for rule in active if rule.code in codes] or active


def run_rules(
    module: cst.Module,
    text: str,
    rules: Iterable[type[Rule]],
    device_style: str = "classic",
    tree: Tree | None = None,
) -> list[Finding]:
    """Every finding of ``rules`` on ``module`` (parsed from ``text``; ``tree``, its index, is built when
    not given), suppression comments not applied. The one way to run rules outside a whole-file pass
    (the Fixit adapter, tests)."""
    tree = tree or Tree(module)
    return _check(RuleContext(module, text, tree, ImportAliases.of(tree), device_style), rules)


def _check(
    context: RuleContext, rules: Iterable[type[Rule]], narrowed: set[type[Rule]] | None = None
) -> list[Finding]:
    findings = []
    for rule in rules:
        instance = rule(context)
        instance.check()
        findings.extend(instance.findings)
        if instance.narrowed and narrowed is not None:
            narrowed.add(rule)
    return findings


def _unsuppressed(
    module: cst.Module,
    text: str,
    findings: list[Finding],
    record: bool,
    with_edits: bool,
    outcome: Outcome,
    tree: Tree,
) -> list[Finding]:
    """Drop findings silenced by a comment; on the first pass, record what the user will see."""
    has_markers = _SUPPRESSION.search(text) is not None
    if not findings or not (record or has_markers):
        return findings
    positions = spans(module, [finding.node for finding in findings], tree, reused_extents(), text)
    lines = LINE_BREAK.split(text)  # numbered as Python and libcst number them (a form feed ends no line)
    fix_edits = FixEdits(module, text, tree) if with_edits else None
    kept = []
    for finding in findings:
        span = positions[id(finding.node)]
        if has_markers and silenced(lines, finding.code, span):
            continue
        kept.append(finding)
        if record:
            outcome.diagnostics.append(
                Diagnostic(
                    finding.code,
                    finding.message,
                    span.start_line,
                    span.start_column + 1,
                    finding.fixable,
                    finding.safety.value,
                    span.end_line,
                    span.end_column + 1,
                    fix_edits.of(finding.edits) if fix_edits and finding.fixable else (),
                )
            )
    outcome.diagnostics.sort(key=lambda d: (d.line, d.column, d.code))
    return kept


def silenced(lines: Sequence[str], code: str, span: Span) -> bool:
    """Whether a suppression comment on the first or last line of ``span`` silences ``code``."""
    return any(_silences(lines[n - 1], code) for n in {span.start_line, span.end_line} if 0 < n <= len(lines))


def _silences(line: str, code: str) -> bool:
    for match in _SUPPRESSION.finditer(line):
        listed = match.group("codes") or match.group("noqa")
        if listed is None:
            return True
        if any(code.startswith(c.strip().upper()) for c in listed.split(",") if c.strip()):
            return True
    return False


def _non_overlapping(findings: list[Finding], tree: Tree) -> tuple[list[Finding], list[Finding]]:
    """Findings whose edits touch disjoint subtrees (of ``tree``); the rest wait for the next pass.

    A finding that offers the very fix a chosen one makes (the same nodes replaced by the same objects:
    one fix that cures several findings, as an option's default cures every ``.cuda()`` it guards) is
    chosen with it: its edits are that fix's, applied once."""
    claimed: set[int] = set()
    chosen: list[Finding] = []
    waiting: list[Finding] = []
    fixes: set[frozenset[tuple[int, int]]] = set()  # the chosen fixes, as (node, replacement) ids
    for finding in findings:
        fix = frozenset((id(node), id(repl)) for node, repl in finding.edits.items())
        if fix in fixes:
            chosen.append(finding)
            continue
        covered: set[int] = set()
        for node in finding.edits:
            covered.update(map(id, tree.descendants(node)))
        if covered & claimed:
            waiting.append(finding)
            continue
        claimed |= covered
        fixes.add(fix)
        chosen.append(finding)
    return chosen, waiting


def _focus(tree: Tree, held: list[cst.CSTNode]) -> tuple[cst.CSTNode, ...] | None:
    """Where a pass after a pass of fixes looks for sites (see ``Rule.sites``): the top-level statements
    the fixes changed, and those of ``held`` (where the last pass deferred a fix: fixes that add a
    definition after the imports overlap there, wherever their sites are) that are still there. None,
    for the whole module, when no statement was left alone (a fix of the module's header or footer has
    the whole module parsed again)."""
    walked = {id(top) for top in tree.walked}
    tops = children(tree.root)
    if len(walked) == len(tops):
        return None
    focus = walked | {id(top) for top in held}  # `held` keeps its statements alive: their ids name them
    return tuple(top for top in tops if id(top) in focus)


def _account_for_deferred(
    deferred: Counter[tuple[str, str]], findings: list[Finding], outcome: Outcome
) -> None:
    """A fix deferred for overlapping another must come back next pass; if not, it was superseded."""
    if not deferred:
        return
    present = Counter((f.code, f.message) for f in findings)
    for key, count in deferred.items():
        missing = count - present[key]
        for _ in range(max(0, missing)):
            outcome.dropped.append(f"{key[0]} ({key[1]}) was superseded by an overlapping fix")
