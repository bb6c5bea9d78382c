"""Re-parsing only what a pass of fixes changed, not the whole file; or only proving that it parses.

Where :func:`autofix.engine.built.unproven` proves that a parse gives the tree the edits built, a changed
statement is only turned back into text, which ``ast.parse`` must take, and kept as built (``advance``'s
``unproven``); everything below is how the other changed statements are parsed again with libcst.

After each pass of fixes the engine needs the new text and a tree of it, and must prove that the new text
parses. Parsing the whole file again costs as much as the first parse: on a 1 MB file with fixes that enable
further fixes (``.cuda()`` becomes ``.to(device)``, then the tensor is created on the device) apply paid four
full parses, three fifths of its time. But :func:`autofix.engine.edits.apply_edits` copies only the ancestors
of what it replaces, so every top-level statement a pass did not touch is the very object the last parse made.
Only the others are turned back into text and parsed again, each between two ``pass`` lines, with the
module's own indentation, newline and encoding, so that libcst reads them exactly as in the whole file (a
top-level statement starts at column 0 with no bracket open, and nothing outside it changes how it is
tokenized). The file's text is rebuilt from each statement's text, kept from pass to pass.

A changed top-level statement is often a large class or function with one changed line. The edits record
which original each copied ancestor was made from, so the copy is followed down to the statements that
changed in its blocks; only those are parsed again, at their own indentation (inside as many ``if 1:`` lines),
and put back into the copy. Anything else that changed (a test, a decorator, a one-line suite) has the
whole statement parsed, as before; so does a refreshed statement whose code is not exactly the one to write.

Such a statement's text is not generated again either: the statements of a block are one run of its text,
each generating its own lines at the block's indentation, so the new text is the last one with the runs of
the changed blocks replaced by their statements' texts (the kept ones' sliced from the last text, the others'
generated to be parsed). For that each top-level statement's text is kept with where each statement under
it lies in it (:func:`codemods.core.codegen.code_and_spans`, noted while the text is generated; 1.4 s of
code generation, of 5.4 s of re-parsing, at 2.4 MB of the fix-heavy benchmark file).

``tests/test_autofix/engine/test_reparse.py`` checks, pass by pass on every corpus file and on generated
programs, that the
tree and the text are the ones a full parse and a full code generation give.
"""

from __future__ import annotations

import ast
from bisect import bisect_left
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TypeVar, cast

import libcst as cst

from autofix.engine import trusted_parse
from autofix.engine.edits import node_fields
from autofix.engine.pieces import opener, parse_module
from codemods.core.codegen import CodegenState, Spans, code_and_spans, code_for_node, module_code_for

N = TypeVar("N", bound=cst.CSTNode)
# What a module's body holds.
Statement = cst.SimpleStatementLine | cst.BaseCompoundStatement

# Clauses of a compound statement that hold a block of their own.
_CLAUSES = (cst.Else, cst.Finally, cst.If, cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase)


class Reparser:
    """Follows one module through passes of fixes: :meth:`advance` gives the next tree and its text."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        try:
            self._config = cst.PartialParserConfig(
                encoding=module.encoding,
                default_indent=module.default_indent,
                default_newline=module.default_newline,
            )
        except ValueError:
            # libcst takes the file's first indentation as its default, and a form feed may open that line
            # (Python resets the column there); its config refuses such an indent, and needs none: the
            # opener line of each snippet sets the default (see _parse_statement).
            self._config = cst.PartialParserConfig(
                encoding=module.encoding, default_newline=module.default_newline
            )
        self._codes: dict[int, str] = {}
        # Where each statement inside a top-level statement lies in its text (see _Text), by top-level
        # statement; missing for one parsed whole after a pass (found again should it change again).
        self._spans: dict[int, Spans] = {}
        for stmt in module.body:
            self._codes[id(stmt)], self._spans[id(stmt)] = self._code_and_spans(stmt, ())
        self.text = self.original_text = self._join(module)  # what module.code gives
        # Set by advance: the edits built the tree a parse gives (autofix.engine.built), so a changed
        # statement whose text Python parses is kept as built, not parsed again with libcst.
        self._built = False

    def advance(
        self,
        new: cst.Module,
        rebuilt: Mapping[int, cst.CSTNode] | None = None,
        unproven: Set[int] | None = None,
    ) -> tuple[cst.Module, str]:
        """``new`` (``self.module`` with some nodes replaced) as a parsed tree, and its text. ``rebuilt``:
        ``id(copy) -> original`` for the nodes :func:`autofix.engine.edits.apply_edits` copied with a new
        child; with it, a large statement (a class, a function) changed deep inside has only the statements
        that changed in it parsed again, and its text is its last text with theirs replaced. ``unproven``,
        when given: the top-level statements (by id: those of ``self.module`` the edits changed, and those
        they added) where a parse may not give what the edits built (:func:`autofix.engine.built.unproven`);
        every other changed statement is kept as built when ``ast.parse`` takes its text, and parsed with
        libcst only when it does not.

        Raises :class:`libcst.ParserSyntaxError` when a changed statement no longer parses."""
        if (new.header is not self.module.header and new.header != self.module.header) or (
            new.footer is not self.module.footer and new.footer != self.module.footer
        ):
            return self._full(new)
        trusted = unproven is not None and bool(rebuilt)  # (empty ``rebuilt``: libcst's transformer made it)
        codes: dict[int, str] = {}
        spans: dict[int, Spans] = {}
        body = []
        for stmt in new.body:
            code = self._codes.get(id(stmt))
            if code is None:
                self._built = trusted and id((rebuilt or {}).get(id(stmt), stmt)) not in (unproven or ())
                again = self._statement_again(new, stmt, rebuilt or {})
                if again is None:
                    return self._full(new)
                stmt, code, inner = again
            else:
                inner = self._spans.get(id(stmt))
            codes[id(stmt)] = code
            if inner is not None:
                spans[id(stmt)] = inner
            body.append(stmt)
        module = new.with_changes(body=body)
        self.module, self._codes, self._spans = module, codes, spans
        self.text = self._join(module)
        return module, self.text

    def _statement_again(
        self, new: cst.Module, stmt: Statement, rebuilt: Mapping[int, cst.CSTNode]
    ) -> tuple[Statement, str, Spans | None] | None:
        """The changed top-level statement ``stmt`` as a parse gives it, its text and (when known) where
        its statements lie in that text: only the statements that changed inside it parsed again when it
        is a copy of an original whose other parts are untouched, else all of it.

        The text of a statement refreshed so is the original's text with the changed blocks' statements
        replaced by theirs (a block's statements are one run of its text, each generating its own lines
        at the block's indentation), and each statement parsed again must generate, at its indentation,
        the text it was parsed from: so the refreshed statement generates that text (code generation is a
        node's fields and the indentation around it, nothing else); a statement that did not is parsed
        whole (a guard: it always has in the tests, which compare every pass's text and tree with a full
        parse's)."""
        original = rebuilt.get(id(stmt))
        if original is not None and isinstance(stmt, cst.BaseCompoundStatement):
            before = self._text_of(original)
            if before is not None:
                edits: list[_Edit] = []
                refreshed = self._refresh(stmt, original, rebuilt, [], before, edits)
                if refreshed is not None:
                    code, spans = before.replaced(0, len(before.text), edits, id(original))
                    spans[id(refreshed)] = (0, len(code))
                    return refreshed, code, spans
        if self._built:
            code, spans = self._code_and_spans(stmt, ())
            if _python_parses(code):
                return stmt, code, spans
        code = module_code_for(new, stmt)
        parsed = self._parse_statement(code, self.module.default_newline)
        return None if parsed is None else (parsed, code, None)

    def _text_of(self, top: cst.CSTNode) -> _Text | None:
        """The text of ``top``, a statement of ``self.module``'s body, with its statements' spans."""
        code = self._codes.get(id(top))
        spans = self._spans.get(id(top))
        if code is None:
            return None
        if spans is None:
            again, spans = self._code_and_spans(top, ())
            if again != code:
                return None
            self._spans[id(top)] = spans
        return _Text(code, spans)

    def _refresh(
        self,
        node: N,
        original: cst.CSTNode,
        rebuilt: Mapping[int, cst.CSTNode],
        indents: list[str],
        before: _Text,
        edits: list[_Edit],
    ) -> N | None:
        """``node`` (a copy of ``original`` with new children) with each statement that changed in its
        blocks parsed again; None when something else in it changed (its test, its name, a whole
        one-line suite): then ``node`` must be parsed whole. ``indents``: the blocks around it.
        ``before``: the text of the top-level statement ``original`` is in; what ``node`` changes in it is
        added to ``edits``."""
        changes: dict[str, object] = {}
        for name in node_fields(type(node)):
            value, was = getattr(node, name), getattr(original, name)
            same = True
            if value is was:
                continue
            if type(value) in (list, tuple) and type(was) in (list, tuple) and len(value) == len(was):
                parts = []
                # A `match`'s cases are indented one level inside it, though no block holds them.
                inner = indents
                if isinstance(node, cst.Match) and name == "cases":
                    inner = [*indents, self.module.default_indent if node.indent is None else node.indent]
                for item, item_before in zip(value, was):
                    if item is not item_before:
                        refreshed = self._refresh_part(item, item_before, rebuilt, inner, before, edits)
                        if refreshed is None:
                            return None
                        item, same = refreshed, same and refreshed is item
                    parts.append(item)
                if not same:
                    changes[name] = tuple(parts)
                continue
            refreshed = self._refresh_part(value, was, rebuilt, indents, before, edits)
            if refreshed is None:
                return None
            if refreshed is not value:
                changes[name] = refreshed
        # Kept as built (nothing in it parsed again), it is its own refreshed copy.
        return node.with_changes(**changes) if changes else node

    def _refresh_part(
        self,
        value: object,
        was: object,
        rebuilt: Mapping[int, cst.CSTNode],
        indents: list[str],
        before: _Text,
        edits: list[_Edit],
    ) -> cst.CSTNode | None:
        """A changed part of a compound statement: a block, or a clause holding one (``else``, ``elif``,
        ``except``, ``finally``, ``case``), copied from ``was``."""
        if rebuilt.get(id(value)) is not was:
            return None  # a new node in place of the original: not a copy whose changes we can follow
        # Past that test ``value`` is a copy of ``was``, made with ``with_changes``: of the same class.
        if isinstance(value, cst.IndentedBlock):
            return self._refresh_block(value, cast(cst.IndentedBlock, was), rebuilt, indents, before, edits)
        if isinstance(value, _CLAUSES):
            return self._refresh(value, cast(cst.CSTNode, was), rebuilt, indents, before, edits)
        return None

    def _refresh_block(
        self,
        block: cst.IndentedBlock,
        was: cst.IndentedBlock,
        rebuilt: Mapping[int, cst.CSTNode],
        indents: list[str],
        before: _Text,
        edits: list[_Edit],
    ) -> cst.IndentedBlock | None:
        """``block`` (a copy of ``was``) with its new and changed statements parsed again; the
        statements it shares with ``was`` are kept as they are. The run of text ``was``'s statements
        generate becomes, in ``edits``, the new statements' texts."""
        if not block.body or any(
            getattr(block, f) is not getattr(was, f) for f in node_fields(cst.IndentedBlock) if f != "body"
        ):
            return None  # emptied (it generates `pass`), or its own whitespace changed
        first, last = before.spans.get(id(was.body[0])), before.spans.get(id(was.body[-1]))
        if first is None or last is None:
            return None
        inner = [*indents, self.module.default_indent if block.indent is None else block.indent]
        kept = {id(stmt) for stmt in was.body}  # `was` keeps them alive, so ids name them
        body = []
        texts: list[str] = []
        spans: Spans = {}
        at = 0
        for stmt in block.body:
            if id(stmt) in kept:
                start, end = before.spans[id(stmt)]
                text = before.text[start:end]
                stmt_spans = {key: (a - start, b - start) for key, a, b in before.within(start, end)}
            else:
                original = rebuilt.get(id(stmt))
                again: tuple[cst.BaseStatement, str, Spans] | None = None
                if original is not None and isinstance(stmt, cst.BaseCompoundStatement):
                    again = self._refresh_nested(stmt, original, rebuilt, inner, before)
                if again is None:
                    again = self._parse_nested(stmt, inner)
                if again is None:
                    return None
                stmt, text, stmt_spans = again
            for key, (a, b) in stmt_spans.items():
                spans[key] = (a + at, b + at)
            texts.append(text)
            at += len(text)
            body.append(stmt)
        edits.append((first[0], last[1], "".join(texts), spans))
        if all(stmt is kept_as_built for stmt, kept_as_built in zip(body, block.body)):
            return block  # every statement kept as built
        return block.with_changes(body=tuple(body))

    def _refresh_nested(
        self,
        stmt: cst.BaseCompoundStatement,
        original: cst.CSTNode,
        rebuilt: Mapping[int, cst.CSTNode],
        indents: list[str],
        before: _Text,
    ) -> tuple[cst.BaseStatement, str, Spans] | None:
        """A compound statement inside a block, refreshed (see :meth:`_refresh`), its text and spans."""
        where = before.spans.get(id(original))
        if where is None:
            return None
        edits: list[_Edit] = []
        refreshed = self._refresh(stmt, original, rebuilt, indents, before, edits)
        if refreshed is None:
            return None
        text, spans = before.replaced(*where, edits, id(original))
        spans[id(refreshed)] = (0, len(text))
        return refreshed, text, spans

    def _parse_nested(
        self, stmt: cst.CSTNode, indents: list[str]
    ) -> tuple[cst.BaseStatement, str, Spans] | None:
        """``stmt``, a statement inside blocks indented by ``indents``, parsed at that indentation, its
        text and its statements' spans: its text is generated with those indents, inside as many ``if 1:``
        lines, and followed by a ``pass``, so that libcst reads it, comments included, exactly as in the
        file. None if the parse has another shape than expected."""
        module = self.module
        newline, default = module.default_newline, module.default_indent
        openers = "".join(f"{''.join(indents[:depth])}if 1:{newline}" for depth in range(len(indents)))
        if self._built:
            code, spans = self._code_and_spans(stmt, indents)
            if _python_parses(openers + code):
                return cast(cst.BaseStatement, stmt), code, spans
        else:
            code = self._code_at(stmt, indents)
        text = f"{opener(default, newline)}{openers}{code}{''.join(indents)}pass{newline}"
        parsed = trusted_parse.parse_module(text, self._config)
        if parsed.default_indent != default or len(parsed.body) != 2:
            return None
        node: cst.BaseStatement = parsed.body[1]
        for depth in range(len(indents)):
            block = getattr(node, "body", None)
            if not isinstance(block, cst.IndentedBlock) or len(block.body) != (
                2 if depth == len(indents) - 1 else 1
            ):
                return None
            node = block.body[0]
        again, spans = self._code_and_spans(node, indents)
        return (node, code, spans) if again == code else None

    def _code_and_spans(self, stmt: cst.CSTNode, indents: Sequence[str]) -> tuple[str, Spans]:
        return code_and_spans(stmt, self.module.default_indent, self.module.default_newline, indents)

    def _code_at(self, stmt: cst.CSTNode, indents: list[str]) -> str:
        """The text ``stmt`` generates inside blocks indented by ``indents``, as in the module's code."""
        return code_for_node(stmt, self.module.default_indent, self.module.default_newline, indents)

    def _parse_statement(self, code: str, newline: str) -> Statement | None:
        """The statement ``code`` as libcst parses it at the top level of a module; None if it is not one.

        libcst takes a module's default indentation from its first indented block, whatever the config
        says, and a block indented by that default records no indentation of its own. A file whose first
        block is indented by 8 spaces and whose class by 4 would give the statement, parsed alone, a
        4-space default, generated as 8 in the module: the dummy block first sets the module's."""
        text = f"{opener(self.module.default_indent, newline)}{code}pass{newline}"
        parsed = trusted_parse.parse_module(text, self._config)
        if parsed.default_indent != self.module.default_indent:
            return None
        if len(parsed.body) != 3:
            return None
        return parsed.body[1]

    def _full(self, new: cst.Module) -> tuple[cst.Module, str]:
        text = module_code_for(new, new)
        module = parse_module(text)
        self.module, self._codes, self._spans = module, {}, {}
        for stmt in module.body:
            self._codes[id(stmt)], self._spans[id(stmt)] = self._code_and_spans(stmt, ())
        self.text = self._join(module)
        return module, self.text

    def _join(self, module: cst.Module) -> str:
        """The module's code (what ``module.code`` gives) from the statements' kept texts."""
        if not module.body:
            return module.code
        state = CodegenState(default_indent=module.default_indent, default_newline=module.default_newline)
        for line in module.header:
            line._codegen(state)
        head = "".join(state.tokens)
        state.tokens.clear()
        module.body[-1]._codegen(state)
        for line in module.footer:
            line._codegen(state)
        if not module.has_trailing_newline:
            state.pop_trailing_newline()
        tail = "".join(state.tokens)
        return head + "".join(self._codes[id(stmt)] for stmt in module.body[:-1]) + tail


def _python_parses(code: str) -> bool:
    """Whether Python's own parser takes ``code`` (a statement, at column 0 or inside ``if 1:`` lines)."""
    try:
        ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


# A run of a top-level statement's last text, ``start`` to ``end``, that becomes ``text``, in which the
# statements lie at ``spans`` (relative to ``text``).
_Edit = tuple[int, int, str, Spans]


@dataclass
class _Text:
    """A top-level statement's text, and where each statement under it lies in it."""

    text: str
    spans: Spans
    _by_start: list[tuple[int, int, int]] = field(default_factory=list)  # (start, end, id), sorted

    def within(self, start: int, end: int) -> list[tuple[int, int, int]]:
        """``(id, start, end)`` of the statements that lie from ``start`` to ``end``."""
        if not self._by_start:
            self._by_start = sorted((a, b, key) for key, (a, b) in self.spans.items())
        starts = self._by_start
        low = bisect_left(starts, (start, -1, -1))
        high = bisect_left(starts, (end, -1, -1))
        return [(key, a, b) for a, b, key in starts[low:high] if b <= end]

    def replaced(self, start: int, end: int, edits: list[_Edit], replaced_id: int) -> tuple[str, Spans]:
        """The text from ``start`` to ``end`` with ``edits`` (inside it, apart) made, and the spans in it,
        relative to it: those of the edits' texts, and those of the statements no edit touches, moved.
        ``replaced_id``: the statement the run was the text of, no longer there."""
        edits = sorted(edits, key=lambda edit: edit[0])
        pieces: list[str] = []
        spans: Spans = {}
        at, shift = start, 0
        for edit_start, edit_end, text, inner in edits:
            pieces.append(self.text[at:edit_start])
            offset = edit_start - start + shift
            for key, (a, b) in inner.items():
                spans[key] = (a + offset, b + offset)
            pieces.append(text)
            shift += len(text) - (edit_end - edit_start)
            at = edit_end
        pieces.append(self.text[at:end])
        # Statements nest and each edit is a run of whole statements: one not inside an edit, and holding
        # none, is apart from all of them, and moves by what the edits before it changed.
        index, moved = 0, 0
        for key, a, b in self.within(start, end):
            while index < len(edits) and edits[index][1] <= a:
                moved += len(edits[index][2]) - (edits[index][1] - edits[index][0])
                index += 1
            if key == replaced_id or (index < len(edits) and edits[index][0] < b):
                continue
            spans[key] = (a - start + moved, b - start + moved)
        return "".join(pieces), spans
