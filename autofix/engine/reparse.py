"""Re-parsing only what a pass of fixes changed, not the whole file.

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

``tests/test_autofix/engine/test_reparse.py`` checks, pass by pass on every corpus file and on generated
programs, that the
tree and the text are the ones a full parse and a full code generation give.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar, cast

import libcst as cst

from autofix.engine import trusted_parse
from autofix.engine.edits import node_fields
from autofix.engine.pieces import opener, parse_module
from codemods.core.codegen import CodegenState, code_for_node, module_code_for

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
        self._codes: dict[int, str] = {id(stmt): module_code_for(module, stmt) for stmt in module.body}
        self.text = self.original_text = self._join(module)  # what module.code gives

    def advance(
        self, new: cst.Module, rebuilt: Mapping[int, cst.CSTNode] | None = None
    ) -> tuple[cst.Module, str]:
        """``new`` (``self.module`` with some nodes replaced) as a parsed tree, and its text. ``rebuilt``:
        ``id(copy) -> original`` for the nodes :func:`autofix.engine.edits.apply_edits` copied with a new
        child; with it, a large statement (a class, a function) changed deep inside has only the statements
        that changed in it parsed again.

        Raises :class:`libcst.ParserSyntaxError` when a changed statement no longer parses."""
        if (new.header is not self.module.header and new.header != self.module.header) or (
            new.footer is not self.module.footer and new.footer != self.module.footer
        ):
            return self._full(new)
        codes: dict[int, str] = {}
        body = []
        for stmt in new.body:
            code = self._codes.get(id(stmt))
            if code is None:
                code = module_code_for(new, stmt)
                again = self._statement_again(stmt, code, rebuilt or {})
                if again is None:
                    return self._full(new)
                stmt = again
            codes[id(stmt)] = code
            body.append(stmt)
        module = new.with_changes(body=body)
        self.module, self._codes = module, codes
        self.text = self._join(module)
        return module, self.text

    def _statement_again(
        self, stmt: Statement, code: str, rebuilt: Mapping[int, cst.CSTNode]
    ) -> Statement | None:
        """The changed top-level statement ``stmt`` (whose text is ``code``) as a parse gives it: only the
        statements that changed inside it parsed again when it is a copy of an original whose other parts
        are untouched, else all of it. Each statement parsed again must generate, at its indentation, the
        text it was parsed from, so the refreshed statement generates ``code`` (code generation is a
        node's fields and the indentation around it, nothing else); if one did not, ``stmt`` is parsed
        whole (a guard: it always has in the tests, which compare every pass's text and tree with a full
        parse's)."""
        original = rebuilt.get(id(stmt))
        if original is not None and isinstance(stmt, cst.BaseCompoundStatement):
            refreshed = self._refresh(stmt, original, rebuilt, [])
            if refreshed is not None:
                return refreshed
        return self._parse_statement(code, self.module.default_newline)

    def _refresh(
        self, node: N, original: cst.CSTNode, rebuilt: Mapping[int, cst.CSTNode], indents: list[str]
    ) -> N | None:
        """``node`` (a copy of ``original`` with new children) with each statement that changed in its
        blocks parsed again; None when something else in it changed (its test, its name, a whole
        one-line suite): then ``node`` must be parsed whole. ``indents``: the blocks around it."""
        changes: dict[str, object] = {}
        for name in node_fields(type(node)):
            value, before = getattr(node, name), getattr(original, name)
            if value is before:
                continue
            if type(value) in (list, tuple) and type(before) in (list, tuple) and len(value) == len(before):
                parts = []
                for item, item_before in zip(value, before):
                    if item is not item_before:
                        item = self._refresh_part(item, item_before, rebuilt, indents)
                        if item is None:
                            return None
                    parts.append(item)
                changes[name] = tuple(parts)
                continue
            refreshed = self._refresh_part(value, before, rebuilt, indents)
            if refreshed is None:
                return None
            changes[name] = refreshed
        return node.with_changes(**changes)

    def _refresh_part(
        self, value: object, before: object, rebuilt: Mapping[int, cst.CSTNode], indents: list[str]
    ) -> cst.CSTNode | None:
        """A changed part of a compound statement: a block, or a clause holding one (``else``, ``elif``,
        ``except``, ``finally``, ``case``), copied from ``before``."""
        if rebuilt.get(id(value)) is not before:
            return None  # a new node in place of the original: not a copy whose changes we can follow
        # Past that test ``value`` is a copy of ``before``, made with ``with_changes``: of the same class.
        if isinstance(value, cst.IndentedBlock):
            return self._refresh_block(value, cast(cst.IndentedBlock, before), rebuilt, indents)
        if isinstance(value, _CLAUSES):
            return self._refresh(value, cast(cst.CSTNode, before), rebuilt, indents)
        return None

    def _refresh_block(
        self,
        block: cst.IndentedBlock,
        before: cst.IndentedBlock,
        rebuilt: Mapping[int, cst.CSTNode],
        indents: list[str],
    ) -> cst.IndentedBlock | None:
        """``block`` (a copy of ``before``) with its new and changed statements parsed again; the
        statements it shares with ``before`` are kept as they are."""
        if not block.body or any(
            getattr(block, f) is not getattr(before, f) for f in node_fields(cst.IndentedBlock) if f != "body"
        ):
            return None  # emptied (it generates `pass`), or its own whitespace changed
        inner = [*indents, self.module.default_indent if block.indent is None else block.indent]
        kept = {id(stmt) for stmt in before.body}  # `before` keeps them alive, so ids name them
        body = []
        for stmt in block.body:
            if id(stmt) not in kept:
                original = rebuilt.get(id(stmt))
                refreshed = None
                if original is not None and isinstance(stmt, cst.BaseCompoundStatement):
                    refreshed = self._refresh(stmt, original, rebuilt, inner)
                again = refreshed if refreshed is not None else self._parse_nested(stmt, inner)
                if again is None:
                    return None
                stmt = again
            body.append(stmt)
        return block.with_changes(body=tuple(body))

    def _parse_nested(self, stmt: cst.CSTNode, indents: list[str]) -> cst.BaseStatement | None:
        """``stmt``, a statement inside blocks indented by ``indents``, parsed at that indentation: its
        text is generated with those indents, inside as many ``if 1:`` lines, and followed by a ``pass``, so
        that libcst reads it, comments included, exactly as in the file. None if the parse has another
        shape than expected."""
        module = self.module
        newline, default = module.default_newline, module.default_indent
        code = self._code_at(stmt, indents)
        openers = "".join(f"{''.join(indents[:depth])}if 1:{newline}" for depth in range(len(indents)))
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
        return node if self._code_at(node, indents) == code else None

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
        self.module, self._codes = module, {id(stmt): module_code_for(module, stmt) for stmt in module.body}
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
