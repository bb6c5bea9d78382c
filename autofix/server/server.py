"""The language server: diagnostics, code actions and hover for open Python files and Jupyter notebooks.

Every open file (or notebook) is a :class:`Subject`. A change schedules its analysis after a short quiet
period (the debounce); analyses run in worker processes (:mod:`autofix.server.analysis`), never on the
event loop, one at a time per subject and always on the newest text: changes that arrive while one runs are
analysed together once it is done. Diagnostics are published only for the version they describe. Code
actions and hover wait for the analysis of the version the editor shows, so an edit is never computed
from text the editor no longer has, and every workspace edit names that version.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from autofix import __version__
from autofix.files.fix_file import DRY_RUN, LINT, LINT_WITH_EDITS
from autofix.server import lsp
from autofix.server.analysis import Analysis, Analyzer, Limit, Request, default_limit
from autofix.server.documents import NotebookDocument, TextDocument, Units, cell_sources, contains, overlaps

logger = logging.getLogger("autofix.server")

NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[
        types.NotebookDocumentFilterWithCells(
            notebook="jupyter-notebook", cells=[types.NotebookCellLanguage(language="python")]
        )
    ],
    save=True,
)


@dataclass
class Results:
    """One analysis of one version, its findings located in the subject's text documents."""

    version: int
    analysis: Analysis
    findings: dict[str, list[lsp.Finding]] = field(default_factory=dict)  # by text document uri

    def applicable(self) -> bool:
        return any(f.fix_applies(self.analysis.unsafe_fixes) for each in self.findings.values() for f in each)


class Subject:
    """An open file or notebook: what the engine analyses as one file."""

    def __init__(self, uri: str) -> None:
        self.uri = uri
        self.closed = False
        self.timer: asyncio.TimerHandle | None = None
        self.running = False
        self.results: Results | None = None
        self.waiters: list[tuple[int, asyncio.Future[Results | None]]] = []
        # Runs for the current version beyond its diagnostics, by mode: each finding's fix as edits
        # (LINT_WITH_EDITS, for quick fixes), the fixed text (DRY_RUN, for fix-all). Each is made once per
        # version, when a request first needs it.
        self.extra: dict[str, tuple[int, asyncio.Future[Analysis]]] = {}
        self.published: set[str] = set()  # text document uris last given diagnostics

    @property
    def version(self) -> int:
        raise NotImplementedError

    def documents(self) -> list[TextDocument]:
        raise NotImplementedError

    def request(self, mode: str, root: Path) -> Request:
        raise NotImplementedError

    def locate(self, analysis: Analysis, units: Units) -> dict[str, list[lsp.Finding]]:
        raise NotImplementedError

    def fix_all_edits(self, new_text: str, units: Units) -> dict[TextDocument, list[types.TextEdit]]:
        raise NotImplementedError

    def _path(self, root: Path, suffix: str) -> tuple[str, Path]:
        """The file's path and the folder its configuration is looked up from; for a document that has no
        file (``untitled:``), a name in the workspace's root folder."""
        path = to_fs_path(self.uri) if self.uri.startswith("file:") else None
        if path is None:
            name = self.uri.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1] or "untitled"
            path = str(root / name)
        if not path.endswith(suffix):
            path += suffix
        return path, Path(path).parent


class FileSubject(Subject):
    def __init__(self, document: TextDocument) -> None:
        super().__init__(document.uri)
        self.document = document

    @property
    def version(self) -> int:
        return self.document.version

    def documents(self) -> list[TextDocument]:
        return [self.document]

    def request(self, mode: str, root: Path) -> Request:
        path, folder = self._path(root, ".py" if not self.uri.endswith(".pyi") else ".pyi")
        return Request(path, folder, self.document.text, mode)

    def locate(self, analysis: Analysis, units: Units) -> dict[str, list[lsp.Finding]]:
        bom, unsafe, document = analysis.bom, analysis.unsafe_fixes, self.document
        found = [
            lsp.Finding(d, lsp.diagnostic(d, document, units, bom, unsafe), document, {None: document}, bom)
            for d in (analysis.result.diagnostics if analysis.result else ())
        ]
        return {self.uri: found}

    def fix_all_edits(self, new_text: str, units: Units) -> dict[TextDocument, list[types.TextEdit]]:
        return {self.document: lsp.changes(self.document, new_text, units)}


class NotebookSubject(Subject):
    def __init__(self, notebook: NotebookDocument) -> None:
        super().__init__(notebook.uri)
        self.notebook = notebook

    @property
    def version(self) -> int:
        return self.notebook.version

    def documents(self) -> list[TextDocument]:
        return list(self.notebook.texts.values())

    def request(self, mode: str, root: Path) -> Request:
        path, folder = self._path(root, ".ipynb")
        return Request(path, folder, self.notebook.ipynb().decode("utf-8"), mode)

    def locate(self, analysis: Analysis, units: Units) -> dict[str, list[lsp.Finding]]:
        found: dict[str, list[lsp.Finding]] = {}
        targets: dict[int | None, TextDocument] = {
            number: self.notebook.texts[cell.uri]
            for number, cell in enumerate(self.notebook.cells, 1)
            if cell.uri in self.notebook.texts
        }
        for d in analysis.result.diagnostics if analysis.result else ():
            document = targets.get(d.cell) if d.cell is not None else None
            if document is None:
                continue
            diagnostic = lsp.diagnostic(d, document, units, False, analysis.unsafe_fixes)
            found.setdefault(document.uri, []).append(lsp.Finding(d, diagnostic, document, targets))
        return found

    def fix_all_edits(self, new_text: str, units: Units) -> dict[TextDocument, list[types.TextEdit]]:
        edits: dict[TextDocument, list[types.TextEdit]] = {}
        for cell, source in zip(self.notebook.cells, cell_sources(new_text.encode("utf-8"))):
            document = self.notebook.texts.get(cell.uri)
            if document is not None and source != document.text:
                edits[document] = lsp.changes(document, source, units)
        return edits


class AutofixServer(LanguageServer):
    def __init__(self, *, lanes: int = 2, timeout: Limit = default_limit, debounce_s: float = 0.03) -> None:
        super().__init__(
            "autofix",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            notebook_document_sync=NOTEBOOK_SYNC,
        )
        self.analyzer = Analyzer(lanes, timeout)
        self.debounce_s = debounce_s
        self.subjects: dict[str, Subject] = {}  # by file or notebook uri
        self.cell_notebook: dict[str, str] = {}  # cell uri -> notebook uri
        self.units = Units()
        self.shown_problems: set[str] = set()

    # -- where things are

    @property
    def root(self) -> Path:
        try:
            root = self.workspace.root_path
        except Exception:  # noqa: BLE001 - before initialize
            root = None
        return Path(root) if root else Path.cwd()

    def subject_of(self, uri: str) -> Subject | None:
        return self.subjects.get(self.cell_notebook.get(uri, uri))

    def versioned_edits(self) -> bool:
        return bool(
            self.client_capabilities.workspace
            and self.client_capabilities.workspace.workspace_edit
            and self.client_capabilities.workspace.workspace_edit.document_changes
        )

    def resolves_edits(self) -> bool:
        text = self.client_capabilities.text_document
        support = text.code_action.resolve_support if text and text.code_action else None
        return bool(support and "edit" in support.properties)

    # -- scheduling analyses

    def open(self, subject: Subject) -> None:
        self.close(subject.uri)
        self.subjects[subject.uri] = subject
        if isinstance(subject, NotebookSubject):
            for uri in subject.notebook.texts:
                self.cell_notebook[uri] = subject.uri
        self.schedule(subject, 0.0)

    def close(self, uri: str) -> None:
        subject = self.subjects.pop(uri, None)
        if subject is None:
            return
        subject.closed = True
        if subject.timer is not None:
            subject.timer.cancel()
        for _, waiter in subject.waiters:
            if not waiter.done():
                waiter.set_result(None)
        for published in subject.published:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(published, []))
        for cell in [c for c, owner in self.cell_notebook.items() if owner == uri]:
            del self.cell_notebook[cell]

    def schedule(self, subject: Subject, delay: float | None = None) -> None:
        if subject.timer is not None:
            subject.timer.cancel()
        loop = asyncio.get_running_loop()
        subject.timer = loop.call_later(self.debounce_s if delay is None else delay, self._start, subject)

    def _start(self, subject: Subject) -> None:
        subject.timer = None
        if subject.running or subject.closed:
            return  # the running analysis starts the next one when it is done
        subject.running = True
        asyncio.ensure_future(self._analyse(subject))

    async def _analyse(self, subject: Subject) -> None:
        try:
            while not subject.closed:
                version = subject.version
                # Without each fix's edits (15 % of the time): a quick fix asks for them when it is wanted.
                analysis = await self.analyzer.run(subject.request(LINT, self.root))
                if subject.closed:
                    return
                if subject.version == version:
                    self._record(subject, version, analysis)
                else:
                    self._resolve_waiters(subject, version, None)
                if subject.version == version or subject.timer is not None:
                    return  # up to date, or a debounced change starts the next analysis
        except Exception:  # noqa: BLE001 - one failed analysis must not stop the server
            logger.exception("analysis of %s failed", subject.uri)
            self._resolve_waiters(subject, subject.version, None)
        finally:
            subject.running = False

    def _resolve_waiters(self, subject: Subject, version: int, results: Results | None) -> None:
        keep = []
        for wanted, waiter in subject.waiters:
            if wanted > version:
                keep.append((wanted, waiter))
            elif not waiter.done():
                waiter.set_result(results if wanted == version else None)
        subject.waiters = keep

    async def current(self, subject: Subject) -> Results | None:
        """The results for the version the editor has now; None once a newer version replaced it."""
        version = subject.version
        if subject.results is not None and subject.results.version == version:
            return subject.results
        waiter: asyncio.Future[Results | None] = asyncio.get_running_loop().create_future()
        subject.waiters.append((version, waiter))
        if subject.timer is not None:  # asked for now: no need to wait for the quiet period
            self.schedule(subject, 0.0)
        return await waiter

    async def run_once(self, subject: Subject, mode: str) -> Analysis | None:
        """The analysis of the current version in ``mode`` (made once per version); None when the document
        changed meanwhile."""
        version = subject.version
        known = subject.extra.get(mode)
        if known is None or known[0] != version:
            known = (version, asyncio.ensure_future(self.analyzer.run(subject.request(mode, self.root))))
            subject.extra[mode] = known
        analysis = await asyncio.shield(known[1])
        return analysis if subject.version == version and not subject.closed else None

    # -- publishing

    def _record(self, subject: Subject, version: int, analysis: Analysis) -> None:
        results = Results(version, analysis)
        if analysis.warning:
            self._show_once(analysis.warning, types.MessageType.Warning)
        if analysis.problem is not None:
            self._show_once(analysis.problem, types.MessageType.Error)
            self._publish(
                subject,
                {self._first_uri(subject): [lsp.problem(analysis.problem, types.DiagnosticSeverity.Error)]},
            )
        elif analysis.skipped is not None:
            logger.info("%s: skipped: %s", subject.uri, analysis.skipped)
            self._publish(subject, {})
        elif analysis.result is not None and analysis.result.error is not None:
            error = analysis.result.error
            if not error.startswith("syntax error"):
                self._publish(
                    subject,
                    {self._first_uri(subject): [lsp.problem(error, types.DiagnosticSeverity.Warning)]},
                )
            # A syntax error is the editor's to show (the text is being typed): the last findings stay.
        else:
            results.findings = subject.locate(analysis, self.units)
            self._publish(subject, {uri: [f.lsp for f in found] for uri, found in results.findings.items()})
        subject.results = results
        self._resolve_waiters(subject, version, results)

    def _first_uri(self, subject: Subject) -> str:
        if isinstance(subject, NotebookSubject):
            for cell in subject.notebook.cells:
                if cell.kind == types.NotebookCellKind.Code:
                    return cell.uri
        return subject.uri

    def _publish(self, subject: Subject, diagnostics: dict[str, list[types.Diagnostic]]) -> None:
        versions = {d.uri: d.version for d in subject.documents()}
        wanted = {uri for uri, found in diagnostics.items() if found} | subject.published
        if isinstance(subject, FileSubject):
            wanted.add(subject.uri)  # every analysis of a file answers, if only to say there is nothing
        for uri in sorted(wanted):
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri, diagnostics.get(uri, []), versions.get(uri))
            )
        subject.published = {uri for uri, found in diagnostics.items() if found}

    def _show_once(self, message: str, kind: types.MessageType) -> None:
        if message not in self.shown_problems:
            self.shown_problems.add(message)
            self.window_show_message(types.ShowMessageParams(kind, f"autofix: {message}"))

    # -- requests

    async def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        subject = self.subject_of(params.text_document.uri)
        if subject is None:
            return None
        results = await self.current(subject)
        if results is None or results.analysis.result is None:
            return None
        only = params.context.only
        unsafe = results.analysis.unsafe_fixes
        actions: list[types.CodeAction] = []
        if _wanted(only, types.CodeActionKind.QuickFix):
            for finding in results.findings.get(params.text_document.uri, ()):
                if overlaps(finding.lsp.range, params.range):
                    actions.extend(await self._quick_fixes(subject, finding, unsafe))
        if _wanted(only, lsp.FIX_ALL) and results.applicable():
            title = "Fix all autofix findings" + (
                " (unsafe fixes included: unsafe-fixes = true)" if unsafe else ""
            )
            action = types.CodeAction(
                title=title, kind=lsp.FIX_ALL, data={"uri": subject.uri, "version": subject.version}
            )
            if self.resolves_edits():
                actions.append(action)
            else:
                resolved = await self.resolve(action)
                if resolved.edit is not None:
                    actions.append(resolved)
        return actions

    async def _quick_fixes(
        self, subject: Subject, finding: lsp.Finding, unsafe: bool
    ) -> list[types.CodeAction]:
        d, document = finding.diagnostic, finding.document
        actions = []
        if finding.fix_applies(unsafe):
            unsafe_fix = d.safety == "unsafe"
            action = types.CodeAction(
                title=f"Fix {d.code} ({lsp.rule_name(d.code)})" + (" [unsafe fix]" if unsafe_fix else ""),
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[finding.lsp],
                is_preferred=not unsafe_fix,
                data={"uri": subject.uri, "version": subject.version, "finding": lsp.finding_key(d)},
            )
            # The edits need a second run of the engine: only when the action is chosen, where the client
            # resolves actions; otherwise now (once per version).
            if not self.resolves_edits():
                action = await self.resolve(action)
            if action.edit is not None or self.resolves_edits():
                actions.append(action)
        comment = lsp.suppression(d, document, self.units)
        if comment is not None:
            actions.append(
                types.CodeAction(
                    title=f"Suppress {d.code} on this line",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[finding.lsp],
                    edit=lsp.document_edits({document: [comment]}, self.versioned_edits()),
                )
            )
        return actions

    async def resolve(self, action: types.CodeAction) -> types.CodeAction:
        """The action's edit: one finding's fix, or every fix ``autofix apply`` makes; none when the document
        changed since the action was offered (rather than one computed for other text)."""
        data = action.data if isinstance(action.data, dict) else {}
        subject = self.subjects.get(data.get("uri", ""))
        if subject is None or subject.version != data.get("version"):
            return action
        if action.kind == lsp.FIX_ALL:
            analysis = await self.run_once(subject, DRY_RUN)
            if analysis is not None and analysis.new_text is not None:
                edits = subject.fix_all_edits(analysis.new_text, self.units)
                action.edit = lsp.document_edits(edits, self.versioned_edits())
            return action
        results = await self.current(subject)
        with_edits = await self.run_once(subject, LINT_WITH_EDITS)
        if results is None or with_edits is None or with_edits.result is None:
            return action
        key = data.get("finding")
        findings = [
            f for found in results.findings.values() for f in found if lsp.finding_key(f.diagnostic) == key
        ]
        same = [d for d in with_edits.result.diagnostics if lsp.finding_key(d) == key]
        if len(findings) == 1 and len(same) == 1:  # two findings alike in every way: neither is chosen
            fix = replace(findings[0], diagnostic=same[0]).fix(self.units)
            action.edit = lsp.document_edits(fix, self.versioned_edits()) if fix else None
        return action

    async def hover(self, params: types.HoverParams) -> types.Hover | None:
        subject = self.subject_of(params.text_document.uri)
        if subject is None:
            return None
        results = await self.current(subject)
        if results is None:
            return None
        here = [
            f
            for f in results.findings.get(params.text_document.uri, ())
            if contains(f.lsp.range, params.position)
        ]
        if not here:
            return None
        codes = list(dict.fromkeys(f.diagnostic.code for f in here))
        text = "\n\n---\n\n".join(lsp.rule_doc(code) for code in codes)
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), range=here[0].lsp.range)


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether the client asked for actions of ``kind``: it asked for no kind in particular, or for
    ``kind`` or a kind it belongs to (``source`` and ``source.fixAll`` take ``source.fixAll.autofix``)."""
    return only is None or any(kind == wanted or kind.startswith(f"{wanted}.") for wanted in only)


def build(*, lanes: int = 2, timeout: Limit = default_limit, debounce_s: float = 0.03) -> AutofixServer:
    server = AutofixServer(lanes=lanes, timeout=timeout, debounce_s=debounce_s)

    @server.feature(types.INITIALIZE)
    def initialize(ls: AutofixServer, params: types.InitializeParams) -> None:
        ls.units = Units(ls.workspace.position_encoding)
        ls.analyzer.warm_up()

    @server.feature(types.INITIALIZED)
    def initialized(ls: AutofixServer, params: types.InitializedParams) -> None:
        workspace = ls.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace else None
        if watched is not None and watched.dynamic_registration:
            options = types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern="**/pyproject.toml")]
            )
            ls.client_register_capability(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id="autofix-pyproject",
                            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            register_options=options,
                        )
                    ]
                )
            )

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: AutofixServer, params: None) -> None:
        for uri in list(ls.subjects):
            subject = ls.subjects[uri]
            subject.closed = True
            if subject.timer is not None:
                subject.timer.cancel()
        ls.analyzer.close()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: AutofixServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        if item.language_id != "python" and not item.uri.endswith((".py", ".pyi")):
            return
        if item.uri.startswith("vscode-notebook-cell:"):
            return  # a cell sent alone: without the cells before it the findings would not be check's
        ls.open(FileSubject(TextDocument(item.uri, item.text, item.version, item.language_id)))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: AutofixServer, params: types.DidChangeTextDocumentParams) -> None:
        subject = ls.subjects.get(params.text_document.uri)
        if not isinstance(subject, FileSubject):
            return
        for change in params.content_changes:
            subject.document.apply(change, ls.units)
        subject.document.version = params.text_document.version
        ls.schedule(subject)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(ls: AutofixServer, params: types.DidSaveTextDocumentParams) -> None:
        subject = ls.subjects.get(params.text_document.uri)
        if subject is not None:
            ls.schedule(subject, 0.0)  # the configuration may have changed with it

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: AutofixServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: AutofixServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.open(NotebookSubject(NotebookDocument.opened(params)))

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: AutofixServer, params: types.DidChangeNotebookDocumentParams) -> None:
        subject = ls.subjects.get(params.notebook_document.uri)
        if not isinstance(subject, NotebookSubject):
            return
        subject.notebook.change(params, ls.units)
        for uri in subject.notebook.texts:
            ls.cell_notebook[uri] = subject.uri
        for cell in [c for c, owner in ls.cell_notebook.items() if owner == subject.uri]:
            if cell not in subject.notebook.texts:
                del ls.cell_notebook[cell]
        ls.schedule(subject)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_save(ls: AutofixServer, params: types.DidSaveNotebookDocumentParams) -> None:
        subject = ls.subjects.get(params.notebook_document.uri)
        if subject is not None:
            ls.schedule(subject, 0.0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: AutofixServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.close(params.notebook_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched_files(ls: AutofixServer, params: types.DidChangeWatchedFilesParams) -> None:
        for subject in ls.subjects.values():  # a configuration changed: every open file again
            ls.schedule(subject, 0.0)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, lsp.FIX_ALL], resolve_provider=True
        ),
    )
    async def code_action(ls: AutofixServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return await ls.code_actions(params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: AutofixServer, params: types.CodeAction) -> types.CodeAction:
        return await ls.resolve(params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: AutofixServer, params: types.HoverParams) -> types.Hover | None:
        return await ls.hover(params)

    return server
