"""Re-parsing only what a pass of fixes changed, not the whole file.

After each pass of fixes the engine needs the new text and a tree of it, and must prove that the new text
parses. Parsing the whole file again costs as much as the first parse: on a 1 MB file with fixes that enable
further fixes (``.cuda()`` becomes ``.to(device)``, then the tensor is created on the device) apply paid four
full parses, three fifths of its time. But :func:`autofix.edits.apply_edits` copies only the ancestors of
what it replaces, so every top-level statement a pass did not touch is the very object the last parse made.
Only the others are turned back into text and parsed again, each between two ``pass`` lines, with the
module's own indentation, newline and encoding, so that libcst reads them exactly as in the whole file (a
top-level statement starts at column 0 with no bracket open, and nothing outside it changes how it is
tokenized). The file's text is rebuilt from each statement's text, kept from pass to pass.

``tests/test_reparse.py`` checks, pass by pass on every corpus file and on generated programs, that the
tree and the text are the ones a full parse and a full code generation give.
"""

from __future__ import annotations

import libcst as cst
from libcst._nodes.internal import CodegenState


class Reparser:
    """Follows one module through passes of fixes: :meth:`advance` gives the next tree and its text."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self._config = cst.PartialParserConfig(
            encoding=module.encoding, default_indent=module.default_indent, default_newline=module.default_newline
        )
        self._codes: dict[int, str] = {id(stmt): module.code_for_node(stmt) for stmt in module.body}
        self.text = self.original_text = self._join(module)  # what module.code gives

    def advance(self, new: cst.Module) -> tuple[cst.Module, str]:
        """``new`` (``self.module`` with some nodes replaced) as a parsed tree, and its text.

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
                code = new.code_for_node(stmt)
                stmt = self._parse_statement(code, new.default_newline)
                if stmt is None:
                    return self._full(new)
            codes[id(stmt)] = code
            body.append(stmt)
        module = new.with_changes(body=body)
        self.module, self._codes = module, codes
        self.text = self._join(module)
        return module, self.text

    def _parse_statement(self, code: str, newline: str) -> cst.BaseStatement | None:
        """The statement ``code`` as libcst parses it at the top level of a module; None if it is not one.

        libcst takes a module's default indentation from its first indented block, whatever the config
        says, and a block indented by that default records no indentation of its own. A file whose first
        block is indented by 8 spaces and whose class by 4 would give the statement, parsed alone, a
        4-space default, generated as 8 in the module: the dummy block first sets the module's."""
        opener = f"if 1:{newline}{self.module.default_indent}pass{newline}"
        parsed = cst.parse_module(f"{opener}{code}pass{newline}", self._config)
        if parsed.default_indent != self.module.default_indent:
            return None
        if len(parsed.body) != 3:
            return None
        return parsed.body[1]

    def _full(self, new: cst.Module) -> tuple[cst.Module, str]:
        text = new.code
        module = cst.parse_module(text)
        self.module, self._codes = module, {id(stmt): module.code_for_node(stmt) for stmt in module.body}
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
