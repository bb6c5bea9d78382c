"""A cheap look at a file before libcst parses it: is it nested deeply enough to crash the parser?

libcst's native parser overflows the C stack (a segfault, not an exception) or runs for minutes on deep
nesting: a thousand nested brackets, but also ``x = ----…1``, ``t.abs().abs()…`` or ``1 + 1 + …`` with
thousands of terms, which need no brackets at all. CPython's own parser measures the depth of what it
builds and refuses such code quickly, so it has the final word; but building CPython's tree costs about a
tenth of libcst's parse, so it runs only for files that show a sign of depth found by a fast scan.
"""

from __future__ import annotations

import ast
import re
from itertools import accumulate

from autofix.files.source import SourceError

# CPython refuses more than 200 nested brackets.
_MAX_BRACKET_DEPTH = 200
_BRACKETS = re.compile(r"[()\[\]{}]")
# Deep nesting without brackets needs either a run of unary operators or one very long line (a chain
# of thousands of operators or calls). A run must follow something an expression can follow, so that
# "# -----" separator comments do not count.
_UNARY_RUN = re.compile(r"[=(\[{,:]\s*(?:(?:[-+~]|\bnot\b)\s*){50}")
_LONG_LINE = 2000


_DEPTH_CHANGE = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


def _deep_brackets(text: str) -> bool:
    """Whether the brackets of ``text``, counted in order, are ever more than the limit deep (the running
    depth's maximum, computed without a Python loop: this scan reads every file that is parsed)."""
    return max(accumulate(map(_DEPTH_CHANGE.__getitem__, _BRACKETS.findall(text))), default=0) > (
        _MAX_BRACKET_DEPTH
    )


def _has_long_line(text: str) -> bool:
    if len(text) <= _LONG_LINE:
        return False
    return max(map(len, text.splitlines())) > _LONG_LINE


def looks_deep(text: str) -> bool:
    return _has_long_line(text) or _UNARY_RUN.search(text) is not None or _deep_brackets(text)


def refuse_if_too_deep(text: str) -> None:
    """Raise :class:`SourceError` for text that CPython itself finds too deeply nested."""
    if not looks_deep(text):
        return
    # Brackets inside strings and comments count above, so let CPython decide.
    try:
        compile(text, "<source>", "exec", flags=ast.PyCF_ONLY_AST)
    except (RecursionError, MemoryError) as exc:
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise SourceError(f"too deeply nested to parse safely ({detail})") from None
    except SyntaxError as exc:
        # Other syntax errors are libcst's to report (it may know newer syntax than this Python).
        if "nested" in str(exc) or "too complex" in str(exc):
            raise SourceError(f"too deeply nested to parse safely (SyntaxError: {exc.msg})") from None
    except ValueError:
        pass


# libcst's native parser names a position twice, and neither is reliably the error's: ``raw_line`` and
# ``raw_column`` point at the start of a line (line 1 for a tokenizer error), the message's "error at L:C"
# often at the token after the one at fault.
_LIBCST_DETAIL = re.compile(r"^(?:parser|tokenizer) error: (?:error at (\d+):(\d+): )?")


def syntax_error(text: str, exc: Exception) -> SourceError:
    """The one-position message for ``text``, which libcst refused with ``exc``.

    CPython's own parser has the final word where it refuses the text too: it names the line and column
    of the fault (``(`` never closed, the hundred-and-first indentation level). Where CPython takes the
    text (syntax newer than libcst's grammar) libcst's message is used, with its one position.
    """
    try:
        compile(text, "<source>", "exec", flags=ast.PyCF_ONLY_AST)
    except (RecursionError, MemoryError) as error:
        detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return SourceError(f"too deeply nested to parse safely ({detail})")
    except SyntaxError as error:
        if error.lineno:
            column = f", column {error.offset}" if error.offset else ""
            return SourceError(f"syntax error at line {error.lineno}{column}: {error.msg}")
    except ValueError:  # a null byte: libcst's message below
        pass
    message = str(getattr(exc, "message", exc))
    match = _LIBCST_DETAIL.match(message)
    if match is None:
        return SourceError(f"syntax error: {message}")
    detail = message[match.end() :]
    if match.group(1) is not None:  # libcst's columns count from 0
        line, offset = match.group(1), int(match.group(2)) + 1
        return SourceError(f"syntax error at line {line}, column {offset}: {detail}")
    return SourceError(f"syntax error: {detail}")
