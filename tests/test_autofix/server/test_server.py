"""``autofix server``, driven as an editor drives it: a real LSP client (pytest-lsp on pygls) over stdio.

The expected findings and fixed texts come from the command line (``autofix check --output-format json``
and ``autofix apply``), never from the server's own modules: the server must say what the CLI says.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("pygls")
pytest.importorskip("pytest_lsp")

import pytest_lsp  # noqa: E402
from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

from autofix.commands.cli import main  # noqa: E402

TIMEOUT_S = 60  # a worker's start (a fresh interpreter importing libcst) on a loaded 2-core machine

TRAIN = textwrap.dedent(
    """\
    import torch
    from torch.autograd import Variable

    x = Variable(torch.ones(3))
    model = torch.nn.Linear(3, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model.cuda()
    torch.cuda.set_device(0)
    """
)
ONE_FINDING = textwrap.dedent(
    """\
    import torch

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    x = torch.zeros(4).to(device)
    """
)


def _client() -> LanguageClient:
    """pytest-lsp's client, also keeping every publishDiagnostics with its version."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)  # type: ignore[attr-defined]

    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        client.registrations = [*getattr(client, "registrations", []), *params.registrations]

    register_lsp_features(
        client,
        {
            **DEFAULT_CLIENT_FEATURES,
            types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
            types.CLIENT_REGISTER_CAPABILITY: register,
        },
    )
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "autofix", "server", "--jobs", "1", "--debounce", "10"],
        client_factory=_client,
        server_env={**os.environ, "OMP_NUM_THREADS": "1"},
    ),
)
async def client(lsp_client: LanguageClient):
    yield
    server = lsp_client._server  # a test that failed half-way left it running: pytest-lsp would wait for it
    if server is not None and server.returncode is None:
        server.kill()


# -- helpers: the command line's answers, and an editor's arithmetic (ASCII texts: a column is a character)


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def cli(*args: str, cwd: Path) -> Ran:
    """``autofix ARGS`` (in this process: the same command, without an interpreter's start each time)."""
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2 mixes the streams unless told not to
    except TypeError:
        runner = CliRunner()
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        result = runner.invoke(main, list(args), catch_exceptions=False)
    finally:
        os.chdir(previous)
    return Ran(result.exit_code, result.stdout, result.stderr)


def check_json(path: Path) -> list[dict]:
    done = cli(
        "check", "--no-cache", "--force-exclude", "--output-format", "json", str(path), cwd=path.parent
    )
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def applied(path: Path, text: str) -> str:
    """What ``autofix apply`` writes for ``text`` at ``path`` (the file is restored after)."""
    original = path.read_text()
    path.write_text(text)
    try:
        done = cli("apply", "--no-cache", "--force-exclude", str(path), cwd=path.parent)
        assert done.returncode == 0, done.stderr
        return path.read_text()
    finally:
        path.write_text(original)


def units(text: str, encoding: str) -> int:
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le" if encoding == "utf-16" else "utf-8")) // (
        2 if encoding == "utf-16" else 1
    )


def offset(text: str, position: types.Position, encoding: str = "utf-16") -> int:
    starts = [0, *(m.end() for m in re.finditer(r"\r\n|\r|\n", text))]
    if position.line >= len(starts):
        return len(text)
    start = starts[position.line]
    line = re.match(r"[^\r\n]*", text[start:]).group()
    column = next(
        (i for i in range(len(line) + 1) if units(line[:i], encoding) >= position.character), len(line)
    )
    return start + column


def apply_edits(text: str, edits, encoding: str = "utf-16") -> str:
    for edit in sorted(edits, key=lambda e: offset(text, e.range.start, encoding), reverse=True):
        start, end = offset(text, edit.range.start, encoding), offset(text, edit.range.end, encoding)
        text = text[:start] + edit.new_text + text[end:]
    return text


def only_edits(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.document_changes is None:  # a client that takes no versioned edits
        assert list(edit.changes) == [uri]
        return list(edit.changes[uri])
    (change,) = edit.document_changes
    assert change.text_document.uri == uri
    return list(change.edits)


def as_ranges(findings: list[dict], text: str | None = None, encoding: str = "utf-16") -> list[tuple]:
    """``check --output-format json``'s findings (columns in characters, from 1) as LSP ranges."""
    lines = re.split(r"\r\n|\r|\n", text) if text is not None else None

    def column(line: int, character: int) -> int:
        return character - 1 if lines is None else units(lines[line - 1][: character - 1], encoding)

    return [
        (
            f["code"],
            f["line"] - 1,
            column(f["line"], f["column"]),
            f["end_line"] - 1,
            column(f["end_line"], f["end_column"]),
            f["message"],
        )
        for f in findings
    ]


def lsp_ranges(diagnostics) -> list[tuple]:
    return [
        (
            d.code,
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            d.message,
        )
        for d in diagnostics
    ]


async def published(client: LanguageClient, uri: str, version: int) -> list[types.Diagnostic]:
    """The diagnostics the server publishes for ``version`` of ``uri``."""

    async def wait() -> list[types.Diagnostic]:
        while True:
            for params in reversed(client.published):  # type: ignore[attr-defined]
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(wait(), TIMEOUT_S)


async def start(
    client: LanguageClient, root: Path, editor: str = "visual-studio-code"
) -> types.InitializeResult:
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(editor),
            root_uri=root.as_uri(),
            root_path=str(root),
            workspace_folders=[types.WorkspaceFolder(root.as_uri(), root.name)],
        )
    )


def open_file(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", version, text))
    )
    return uri


def type_edits(
    client: LanguageClient, uri: str, version: int, text: str, edits, encoding: str = "utf-16"
) -> str:
    """Send ``edits`` as an editor does after applying them: incremental changes, last one first."""
    changes = []
    for edit in sorted(edits, key=lambda e: offset(text, e.range.start, encoding), reverse=True):
        changes.append(types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text))
        text = apply_edits(text, [edit], encoding)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version), changes
        )
    )
    return text


async def actions_at(
    client: LanguageClient, uri: str, range_: types.Range, only=None
) -> list[types.CodeAction]:
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri), range_, types.CodeActionContext(diagnostics=[], only=only)
        )
    )


# -- the "done when", end to end


@pytest.mark.asyncio
async def test_diagnostics_fixes_hover_and_shutdown_as_the_cli_gives_them(
    client: LanguageClient, tmp_path: Path
):
    (tmp_path / "pyproject.toml").write_text("[tool.autofix]\nignore = []\n")
    train, one = tmp_path / "train.py", tmp_path / "one.py"
    train.write_text(TRAIN)
    one.write_text(ONE_FINDING)

    result = await start(client, tmp_path)
    assert result.capabilities.code_action_provider.resolve_provider
    assert "source.fixAll.autofix" in result.capabilities.code_action_provider.code_action_kinds
    assert result.capabilities.hover_provider

    # Diagnostics on open: code, message, range, severity, a link to the rule's documentation.
    uri = open_file(client, one, ONE_FINDING)
    diagnostics = await published(client, uri, 1)
    assert lsp_ranges(diagnostics) == as_ranges(check_json(one))
    (finding,) = diagnostics
    assert finding.severity == types.DiagnosticSeverity.Warning and finding.source == "autofix"
    assert finding.code_description.href.startswith("file://")
    docs = Path(finding.code_description.href.removeprefix("file://"))
    explained = cli("explain", finding.code, cwd=tmp_path).stdout
    assert docs.is_file() and docs.read_text().split('"""')[1].strip() in explained

    # Fix this finding: the workspace edit gives exactly what `autofix apply` writes.
    actions = await actions_at(client, uri, finding.range)
    fix = next(a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.title.startswith("Fix "))
    assert fix.is_preferred and "unsafe" not in fix.title
    assert fix.edit is None  # VS Code resolves actions: the edit is computed when the fix is chosen
    fix = await client.code_action_resolve_async(fix)
    edits = only_edits(fix.edit, uri)
    assert fix.edit.document_changes[0].text_document.version == 1
    assert apply_edits(ONE_FINDING, edits) == applied(one, ONE_FINDING) != ONE_FINDING

    # Hover: the rule's `explain` text.
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), finding.range.start)
    )
    assert hover is not None and hover.contents.kind == types.MarkupKind.Markdown
    body = explained.split("\n", 4)[4].strip()  # after the "# CODE (name)" heading and the "Fix:" line
    assert body and body in hover.contents.value
    outside = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 0))
    )
    assert outside is None

    # The fix typed in: the diagnostics are cleared for that version.
    fixed = type_edits(client, uri, 2, ONE_FINDING, edits)
    assert await published(client, uri, 2) == []
    assert check_json(one) and (one.write_text(fixed) or True) and check_json(one) == []

    # Fix all in a file with several findings, resolved lazily as VS Code asks: apply's exact text; what is
    # left afterwards (an unsafe fix withheld) is what `check` reports on apply's output.
    uri = open_file(client, train, TRAIN)
    diagnostics = await published(client, uri, 1)
    assert lsp_ranges(diagnostics) == as_ranges(check_json(train))
    actions = await actions_at(
        client, uri, types.Range(types.Position(0, 0), types.Position(0, 0)), only=["source.fixAll"]
    )
    (fix_all,) = actions
    assert fix_all.kind == "source.fixAll.autofix" and fix_all.edit is None
    fix_all = await client.code_action_resolve_async(fix_all)
    expected = applied(train, TRAIN)
    assert apply_edits(TRAIN, only_edits(fix_all.edit, uri)) == expected != TRAIN
    type_edits(client, uri, 2, TRAIN, only_edits(fix_all.edit, uri))
    left = await published(client, uri, 2)
    train.write_text(expected)
    assert lsp_ranges(left) == as_ranges(check_json(train))
    # the unsafe fixes, withheld as apply withholds them (DEV009's: the unused `Variable` import)
    assert [d.code for d in left] == ["DEV009", "DEV007"]
    actions = await actions_at(client, uri, left[1].range)
    assert [a.title for a in actions] == ["Suppress DEV007 on this line"]  # no unsafe fix offered

    await client.shutdown_session()


# -- configuration, as on the command line

CONFIGURED = textwrap.dedent(
    """\
    import torch

    torch.cuda.set_device(0)
    x = torch.randn(8, 4).cuda()  # noqa: DEV007
    z = torch.zeros(2).to("cuda")
    """
)
# (`set_device` is a DEV007 site whose fix stays unsafe; a placement that raised would be a safe fix.)


@pytest.mark.slow  # a server of its own, a few seconds: `make test` runs it, `make check` not
@pytest.mark.asyncio
async def test_configuration_suppressions_and_unsafe_fixes_as_configured(
    client: LanguageClient, tmp_path: Path
):
    (tmp_path / "pyproject.toml").write_text(
        textwrap.dedent(
            """\
        [tool.autofix]
        unsafe-fixes = true
        exclude = ["legacy"]
        per-file-ignores = { "tests/*" = ["DEV010"] }
        """
        )
    )
    for name in ("model.py", "tests/test_model.py", "legacy/old.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(CONFIGURED)
    await start(client, tmp_path)
    uris = {
        name: open_file(client, tmp_path / name, CONFIGURED)
        for name in ("model.py", "tests/test_model.py", "legacy/old.py")
    }
    for name, uri in uris.items():
        diagnostics = await published(client, uri, 1)
        assert lsp_ranges(diagnostics) == as_ranges(check_json(tmp_path / name)), name
    assert await published(client, uris["legacy/old.py"], 1) == []  # excluded, as with --force-exclude
    tests = await published(client, uris["tests/test_model.py"], 1)
    assert "DEV010" not in {d.code for d in tests}
    diagnostics = await published(client, uris["model.py"], 1)
    assert ("DEV007", 3) not in {(d.code, d.range.start.line) for d in diagnostics}  # silenced on that line

    # unsafe-fixes = true: the unsafe fix is offered, labelled, and not preferred.
    unsafe = next(d for d in diagnostics if d.code == "DEV007")
    actions = await actions_at(client, uris["model.py"], unsafe.range, only=["quickfix"])
    fix = next(a for a in actions if a.title.startswith("Fix DEV007"))
    assert "[unsafe fix]" in fix.title and not fix.is_preferred

    # Suppress on this line: typed in, the finding is gone, as `check` says of that text.
    suppress = next(a for a in actions if a.title == "Suppress DEV007 on this line")
    path = tmp_path / "model.py"
    text = type_edits(client, uris["model.py"], 2, CONFIGURED, only_edits(suppress.edit, uris["model.py"]))
    assert text.splitlines()[2] == "torch.cuda.set_device(0)  # autofix: ignore[DEV007]"
    after = await published(client, uris["model.py"], 2)
    path.write_text(text)
    assert lsp_ranges(after) == as_ranges(check_json(path)) and len(after) == len(diagnostics) - 1
    await client.shutdown_session()


# -- other editors: position encodings, edits without versions, fix-all without resolve

WIDE = textwrap.dedent(
    """\
    import torch

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    label = "😋 données"; x = torch.zeros(4).to(device)
    """
)


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("editor, encoding", [("emacs", "utf-32"), ("neovim@0.11", "utf-8")])
async def test_positions_in_the_clients_encoding(
    client: LanguageClient, tmp_path: Path, editor: str, encoding: str
):
    path = tmp_path / "wide.py"
    path.write_text(WIDE, encoding="utf-8")
    result = await start(client, tmp_path, editor)
    assert result.capabilities.position_encoding == encoding
    uri = open_file(client, path, WIDE)
    diagnostics = await published(client, uri, 1)
    assert lsp_ranges(diagnostics) == as_ranges(check_json(path), WIDE, encoding)
    # No resolve support for edits (Emacs' eglot) or resolve support (Neovim): either way the edit is there.
    (fix_all,) = await actions_at(client, uri, diagnostics[0].range, only=["source.fixAll.autofix"])
    if fix_all.edit is None:
        fix_all = await client.code_action_resolve_async(fix_all)
    assert apply_edits(WIDE, only_edits(fix_all.edit, uri), encoding) == applied(path, WIDE)
    # The finding's own fix, the only one in the file: the same text.
    (finding,) = diagnostics
    fix = next(a for a in await actions_at(client, uri, finding.range) if a.title.startswith("Fix "))
    assert (fix.edit is None) == (editor != "emacs")
    if fix.edit is None:
        fix = await client.code_action_resolve_async(fix)
    assert apply_edits(WIDE, only_edits(fix.edit, uri), encoding) == applied(path, WIDE)
    await client.shutdown_session()


# -- text that cannot be handled, slow files, bad configuration: a diagnostic or none, never a crash


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[
            sys.executable,
            "-m",
            "autofix",
            "server",
            "--jobs",
            "2",
            "--debounce",
            "10",
            "--timeout",
            "1",
        ],
        client_factory=_client,
        server_env={**os.environ, "OMP_NUM_THREADS": "1"},
    ),
)
async def two_lanes(lsp_client: LanguageClient):
    yield
    server = lsp_client._server
    if server is not None and server.returncode is None:
        server.kill()


def slow_text(functions: int = 4000) -> str:
    """A torch file whose analysis takes seconds (4,000 functions, 16,000 lines)."""
    return "import torch\n\n" + "".join(
        f"def f{i}(x):\n    y = torch.zeros(4).to(x.device)\n    return y + {i}\n\n" for i in range(functions)
    )


@pytest.mark.slow  # a server of its own, a few seconds: `make test` runs it, `make check` not
@pytest.mark.asyncio
async def test_unparseable_slow_and_misconfigured_files(two_lanes: LanguageClient, tmp_path: Path):
    client = two_lanes
    await start(client, tmp_path)
    broken, slow, small = tmp_path / "broken.py", tmp_path / "slow.py", tmp_path / "small.py"

    # A syntax error while typing: nothing published, requests answered, the server goes on.
    uri = open_file(client, broken, "import torch\nx = torch.zeros(\n")
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(1, 5))
    )
    assert hover is None
    assert not await actions_at(client, uri, types.Range(types.Position(1, 0), types.Position(1, 5)))
    assert not [p for p in client.published if p.uri == uri]  # type: ignore[attr-defined]
    # Nesting deep enough to crash libcst's parser: the command line's error, as a diagnostic.
    deep = "import torch\nx = " + "(" * 300 + "1" + ")" * 300 + "\n"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(deep)],
        )
    )
    (problem,) = await published(client, uri, 2)
    broken.write_text(deep)
    error = cli("check", "--no-cache", str(broken), cwd=tmp_path).stderr.splitlines()[0]
    assert (
        error.startswith(f"{broken}: error: ")
        and problem.message == f"autofix: {error.split(': error: ', 1)[1]}"
    )

    # A file slower than --timeout holds one lane; another file is answered meanwhile on the other.
    slow_uri = open_file(client, slow, slow_text())
    await asyncio.sleep(0.2)
    small_uri = open_file(client, small, ONE_FINDING)
    small.write_text(ONE_FINDING)
    assert lsp_ranges(await published(client, small_uri, 1)) == as_ranges(check_json(small))
    assert not [p for p in client.published if p.uri == slow_uri]  # type: ignore[attr-defined]
    (timed_out,) = await published(client, slow_uri, 1)
    assert "timed out after 1 s" in timed_out.message
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=slow_uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(ONE_FINDING)],
        )
    )
    assert lsp_ranges(await published(client, slow_uri, 2)) == as_ranges(check_json(small))

    # A [tool.autofix] the command line refuses: its one-line error, on the file and as a message.
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nselect = ["NOPE"]\n')
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(small_uri)))
    await asyncio.sleep(0)
    done = cli("check", "--no-cache", str(small), cwd=tmp_path)
    assert done.returncode == 2
    refused = done.stderr.strip().removeprefix("error: ")

    async def configuration_error() -> types.Diagnostic:
        while True:
            now = client.diagnostics.get(small_uri, [])
            if now and now[0].severity == types.DiagnosticSeverity.Error:
                return now[0]
            await asyncio.sleep(0.02)

    diagnostic = await asyncio.wait_for(configuration_error(), TIMEOUT_S)
    # The same error; the command line names the file relative to where it runs, the server absolutely.
    assert diagnostic.message.startswith("autofix: ")
    assert Path(diagnostic.message.removeprefix("autofix: ").split(": ", 1)[0]) == tmp_path / "pyproject.toml"
    assert diagnostic.message.split("pyproject.toml: ", 1)[1] == refused.split("pyproject.toml: ", 1)[1]
    assert [m.message for m in client.messages] == [diagnostic.message]  # shown once, as a message too

    # A pyproject.toml that is not TOML: its files are held back, as the command line holds them back;
    # one in a folder the configuration above excludes is simply not checked.
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["vendored"]\n')
    vendored = tmp_path / "vendored" / "lib.py"
    vendored.parent.mkdir()
    (vendored.parent / "pyproject.toml").write_text("[tool.autofix\n")
    vendored.write_text(ONE_FINDING)
    (tmp_path / "broken").mkdir()
    held = tmp_path / "broken" / "lib.py"
    (held.parent / "pyproject.toml").write_text("[tool.autofix\n")
    held.write_text(ONE_FINDING)
    assert cli("check", "--no-cache", "--force-exclude", str(held), cwd=tmp_path).returncode == 2
    done = cli("check", "--no-cache", "--force-exclude", str(vendored), cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "")
    held_uri, vendored_uri = open_file(client, held, ONE_FINDING), open_file(client, vendored, ONE_FINDING)
    (unreadable,) = await published(client, held_uri, 1)
    assert unreadable.severity == types.DiagnosticSeverity.Error
    assert str(held.parent / "pyproject.toml") in unreadable.message
    assert await published(client, vendored_uri, 1) == []
    await client.shutdown_session()


# -- notebooks, through notebook document sync

CELLS = [
    (types.NotebookCellKind.Markup, "# Training\nSome *markdown* with `model(x)`."),
    (
        types.NotebookCellKind.Code,
        "import torch\n%matplotlib inline\n"
        "device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')",
    ),
    (types.NotebookCellKind.Code, "model = torch.nn.Linear(4, 2).to(device)\n!nvidia-smi\nmodel?"),
    (types.NotebookCellKind.Code, "%%time\nfor x, y in loader:\n    model(x)"),
    (
        types.NotebookCellKind.Code,
        "for x, y in loader:\n    # forward\n    loss = torch.nn.functional.mse_loss(model(x), y)",
    ),
    (types.NotebookCellKind.Code, "x = torch.zeros(4).to(device)\nprint(x)"),
]


def ipynb(cells) -> str:
    return (
        json.dumps(
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "execution_count": None,
                        "metadata": {},
                        "outputs": [],
                        "source": text,
                    }
                    if kind == types.NotebookCellKind.Code
                    else {"cell_type": "markdown", "metadata": {}, "source": text}
                    for kind, text in cells
                ],
                "metadata": {
                    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
                },
                "nbformat": 4,
                "nbformat_minor": 5,
            },
            indent=1,
        )
        + "\n"
    )


@pytest.mark.slow  # a server of its own, a few seconds: `make test` runs it, `make check` not
@pytest.mark.asyncio
async def test_notebook_cells_as_check_and_apply_give_them(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "train.ipynb"
    path.write_text(ipynb(CELLS))
    capabilities = client_capabilities("visual-studio-code")
    capabilities.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities()
    )
    result = await client.initialize_session(
        types.InitializeParams(capabilities=capabilities, root_uri=tmp_path.as_uri())
    )
    assert result.capabilities.notebook_document_sync.notebook_selector[0].notebook == "jupyter-notebook"
    cell_uris = [f"vscode-notebook-cell:{path}#C{number}" for number in range(1, len(CELLS) + 1)]
    languages = {types.NotebookCellKind.Code: "python", types.NotebookCellKind.Markup: "markdown"}
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=path.as_uri(),
                notebook_type="jupyter-notebook",
                version=1,
                cells=[types.NotebookCell(kind, uri) for (kind, _), uri in zip(CELLS, cell_uris)],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri, languages[kind], 1, text)
                for (kind, text), uri in zip(CELLS, cell_uris)
            ],
        )
    )
    expected = check_json(path)
    assert {f["cell"] for f in expected} == {5, 6}
    for number, uri in enumerate(cell_uris, 1):
        mine = [f for f in expected if f["cell"] == number]
        if mine:
            assert lsp_ranges(await published(client, uri, 1)) == as_ranges(mine), number

    # Hover and a quick fix in a cell; fix all, across cells: `autofix apply`'s cells exactly.
    (dev010,) = [d for d in client.diagnostics[cell_uris[5]] if d.code == "DEV010"]
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(cell_uris[5]), dev010.range.start)
    )
    assert "**DEV010**" in hover.contents.value
    actions = await actions_at(client, cell_uris[5], dev010.range)
    assert [a.title for a in actions] == [
        "Fix DEV010 (create-on-device)",
        "Suppress DEV010 on this line",
        "Fix all autofix findings",
    ]
    fix_all = await client.code_action_resolve_async(actions[-1])
    after = {change.text_document.uri: change for change in fix_all.edit.document_changes}
    assert set(after) == {cell_uris[4], cell_uris[5]} and all(
        c.text_document.version == 1 for c in after.values()
    )
    done = cli("apply", "--no-cache", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    applied_cells = [c["source"] for c in json.loads(path.read_text())["cells"]]
    fixed = [
        apply_edits(text, after[uri].edits) if uri in after else text
        for (_, text), uri in zip(CELLS, cell_uris)
    ]
    assert fixed == applied_cells and fixed != [text for _, text in CELLS]

    # Typed into the cells: every cell's diagnostics are cleared.
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(version=2, uri=path.as_uri()),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                            changes=[types.TextDocumentContentChangeWholeDocument(fixed[number])],
                        )
                        for number, uri in enumerate(cell_uris)
                        if uri in after
                    ]
                )
            ),
        )
    )
    assert check_json(path) == []
    for uri in after:
        assert await published(client, uri, 2) == []
    client.notebook_document_did_close(
        types.DidCloseNotebookDocumentParams(
            types.NotebookDocumentIdentifier(path.as_uri()),
            [types.TextDocumentIdentifier(u) for u in cell_uris],
        )
    )
    await client.shutdown_session()
