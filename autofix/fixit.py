"""Every autofix rule as a Fixit ``LintRule``: ``[tool.fixit] enable = ["autofix.fixit"]``.

Needs the ``[fixit]`` extra (``pip install 'torch-autofix[fixit]'``); nothing else in autofix imports this
module. It wraps the rules, it does not copy them: one ``LintRule`` class per rule of
:func:`codemods.all_rules` is generated below, named after the rule (``DEV001`` -> ``InputNotOnDevice``;
``autofix.fixit:InputNotOnDevice`` and ``autofix.fixit:DEV001`` both name it in ``enable``/``disable``).
On each file the rules run the way ``autofix check`` runs them (:func:`autofix.engine.lint.run_rules`, once
for all the generated rules, shared between them), and each finding is reported with the same message
and the same position.

Fixes. A finding's fix may edit several places at once (move a statement, add a definition at the top):
the adapter reports it on the smallest node that contains all of them, with that node rebuilt by the
same code that applies edits for ``autofix apply`` (:func:`autofix.engine.edits.apply_edits_under`), so
``fixit fix --automatic`` applies the whole fix or none of it, byte for byte as ``autofix apply`` does.
The reported position stays that of the finding. Fixit applies one pass per run, and of two fixes
that overlap it keeps the outer one; ``autofix apply`` re-runs the rules until nothing changes, so a
file may need ``fixit fix --automatic`` more than once to reach the same result.

Fix safety. Fixit has no notion of an unsafe fix: whatever a rule offers, ``fixit fix --automatic``
applies. So the adapter offers a fix to Fixit only when ``autofix apply`` would apply it to this file:
safe fixes always; unsafe fixes only where the file's ``[tool.autofix]`` says ``unsafe-fixes = true``.
Otherwise the finding is still reported, without a fix (no "(has autofix)").

Configuration. The file's ``[tool.autofix]`` (nearest ``pyproject.toml``, as for ``autofix``) applies as
for ``autofix check --force-exclude``: ``select``/``ignore``/``per-file-ignores`` choose the rules (Fixit's
``enable``/``disable`` then choose among those), ``exclude`` skips the file, ``unsafe-fixes`` and ``device``
mean what they mean for autofix; ``max-file-size`` does not apply. Fixit's ``[tool.fixit.options]`` are not
passed to rules by Fixit 2.x, hence no options of their own. Suppression: autofix's comments
(``# autofix: ignore[DEV001]``, ``# noqa: DEV001``) and Fixit's (``# lint-ignore: InputNotOnDevice``, or
``DEV001``) both work.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import libcst as cst
from fixit import Invalid, LintRule
from libcst.metadata import CodePosition, CodeRange, FilePathProvider, ParentNodeProvider

from autofix.config.settings import ConfigResolver, Overrides, Settings, UnusableConfig
from autofix.engine.edits import apply_edits_under
from autofix.engine.lint import active_rules, parsed_for, run_rules, silenced
from autofix.engine.positions import Span, spans
from autofix.engine.text_edits import LINE_BREAK
from autofix.files.discovery import excluded
from codemods import all_rules
from codemods.core.base import Finding, FixSafety, Rule

log = logging.getLogger(__name__)
_LINT_IGNORE = re.compile(r"#\s*lint-(?:ignore|fixme)(?:(?::\s*|\s+)(\w+(?:,\s*\w+)*))?")


@dataclass(frozen=True)
class _Report:
    finding: Finding
    span: Span
    with_fix: bool  # autofix apply would apply this fix to this file


_last = threading.local()  # the reports of the file being linted, shared by the generated rules


def _settings(path: Path | None) -> Settings | None:
    """The file's settings; None when a pyproject.toml that cannot be read governs it."""
    try:
        return ConfigResolver(Overrides()).settings_for(path.parent if path is not None else Path.cwd())
    except UnusableConfig as exc:
        # Fixit applies whatever is offered: nothing is, as `autofix apply` would write nothing here.
        log.warning("%s; %s not checked", exc, path)
        return None


def reports_for(module: cst.Module, path: Path | None) -> dict[str, list[_Report]]:
    """Rule code -> what ``autofix check`` reports on ``module`` (the file at ``path``), fixes decided."""
    cached = getattr(_last, "entry", None)
    if cached is not None and cached[0] is module and cached[1] == path:
        return cached[2]
    reports = _compute(module, path)
    _last.entry = (module, path, reports)
    return reports


def _compute(module: cst.Module, path: Path | None) -> dict[str, list[_Report]]:
    settings = _settings(path)
    if settings is None:
        return {}
    if path is not None and settings.exclude and excluded(path, settings.exclude, settings.root):
        return {}
    text = module.code
    codes = set(settings.rule_codes_for(path if path is not None else Path.cwd() / "-"))
    rules = active_rules(text, parsed_for(text, [rule for rule in all_rules() if rule.code in codes]))
    if not rules:
        return {}
    findings = run_rules(module, text, rules, settings.device_style)
    positions = spans(module, [finding.node for finding in findings])
    lines = LINE_BREAK.split(text)  # as libcst numbers them: a form feed ends no line
    reports: dict[str, list[_Report]] = defaultdict(list)
    for finding in findings:
        span = positions[id(finding.node)]
        if silenced(lines, finding.code, span):
            continue
        with_fix = finding.fixable and (finding.safety is FixSafety.SAFE or settings.unsafe_fixes)
        reports[finding.code].append(_Report(finding, span, with_fix))
    return reports


class _Adapter(LintRule):
    """The base of the generated rules: reports what ``RULE`` finds. Not a rule itself, so it leaves
    the module's namespace once the rules are generated (Fixit takes every LintRule class it finds
    there for a rule)."""

    RULE: type[Rule]
    CODE: str
    METADATA_DEPENDENCIES = (FilePathProvider, ParentNodeProvider)  # positions come from autofix's spans

    def __init__(self) -> None:
        super().__init__()
        self._anchored = False

    def get_visitors(self) -> dict[str, Callable[[cst.CSTNode], None]]:
        # libcst looks for visit_* methods with inspect.getmembers on every rule, for every file: about
        # a third of a Fixit run over the corpus. These rules have one, and keep Fixit's timing hook.
        # libcst calls a "visit_Module" visitor with the Module only, so it may take a Module.
        hook = self._visit_hook
        if hook is None:
            return {"visit_Module": cast("Callable[[cst.CSTNode], None]", self.visit_Module)}

        def visit(node: cst.CSTNode) -> None:
            with hook(f"{type(self).__name__}.visit_Module"):
                self.visit_Module(cast(cst.Module, node))

        return {"visit_Module": visit}

    def visit_Module(self, node: cst.Module) -> bool:
        path = self.get_metadata(FilePathProvider, node, None)
        for report in reports_for(node, path).get(self.CODE, ()):
            self._report(report)
        return False  # the rules have read the whole module: nothing left to visit

    def _report(self, report: _Report) -> None:
        finding, span = report.finding, report.span
        if self.ignore_lint(finding.node):
            return
        anchor, replacement = finding.node, None
        if report.with_fix:
            anchor = self._common_ancestor(list(finding.edits))
            replacement = apply_edits_under(anchor, finding.edits)
        position = CodeRange(
            CodePosition(span.start_line, span.start_column), CodePosition(span.end_line, span.end_column)
        )
        self._anchored = True  # the lint-ignore comments that count are the finding's, checked above
        try:
            self.report(anchor, finding.message, position=position, replacement=replacement)
        finally:
            self._anchored = False

    def _ancestry(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        current: cst.CSTNode | None = node
        while current is not None:
            yield current
            current = self.get_metadata(ParentNodeProvider, current, None)

    def _common_ancestor(self, nodes: Sequence[cst.CSTNode]) -> cst.CSTNode:
        """The smallest node containing every one of ``nodes`` (the node itself when there is one)."""
        others = [{id(n) for n in self._ancestry(node)} for node in nodes[1:]]
        for candidate in self._ancestry(nodes[0]):
            if all(id(candidate) in chain for chain in others):
                return candidate
        raise ValueError(f"{self.CODE}: the edited nodes are not in one tree")

    def ignore_lint(self, node: cst.CSTNode) -> bool:
        """Fixit's ``# lint-ignore``/``# lint-fixme``, naming the rule by its Fixit name or its code."""
        if self._anchored:
            return False
        names = {self.name, self.name.lower(), self.CODE, self.CODE.lower()}
        for comment in self.node_comments(node):
            match = _LINT_IGNORE.search(comment)
            if match is None:
                continue
            if match.group(1) is None:
                return True
            listed = {name.strip().removesuffix("Rule") for name in match.group(1).split(",")}
            if listed & names:
                return True
        return False


def fixit_name(rule: type[Rule]) -> str:
    """``input-not-on-device`` -> ``InputNotOnDevice``: the Fixit rule's class name (Fixit's style)."""
    return "".join(part[:1].upper() + part[1:] for part in rule.name.split("-"))


def _lint_rule(rule: type[Rule], adapter: type[LintRule]) -> type[LintRule]:
    # The rule's examples become Fixit's, for `fixit test autofix.fixit`. An INVALID example's expected
    # result is autofix's multi-pass one, which one Fixit pass does not always reach: only the report is
    # expected (autofix's own tests check the rewrites). An example found in the text before parsing
    # (Rule.text_fixes: DEV022's Python 2 files) is left out: Fixit parses every example first.
    attributes = {
        "__doc__": f"{rule.code} ({rule.name}): {rule.summary}\n\n{rule.doc()}",
        "__module__": __name__,
        "RULE": rule,
        "CODE": rule.code,
        "TAGS": {"torch-autofix", rule.code},
        "VALID": [example.code for example in rule.VALID],
        "INVALID": [Invalid(example.code) for example in rule.INVALID if not rule.text_fixes(example.code)],
    }
    lint_rule = cast("type[LintRule]", type(fixit_name(rule), (adapter,), attributes))  # a subclass of it
    lint_rule.AUTOFIX = rule.fix_safety is not FixSafety.NONE
    return lint_rule


def _generate(adapter: type[LintRule]) -> dict[str, type[LintRule]]:
    """A subclass of ``adapter`` (``_Adapter``, which the module then drops: the reason the rules are typed
    as LintRule) for each rule, by class name and by code."""
    generated: dict[str, type[LintRule]] = {}
    for rule in all_rules():
        lint_rule = _lint_rule(rule, adapter)
        generated[lint_rule.__name__] = lint_rule
        generated[rule.code] = lint_rule  # `autofix.fixit:DEV001` names it too
    return generated


LINT_RULES = _generate(_Adapter)
globals().update(LINT_RULES)
del _Adapter
__all__ = ["LINT_RULES", "fixit_name", "reports_for", *LINT_RULES]
