"""``x.cuda(async=True)``: the argument PyTorch 0.4 renamed ``non_blocking``, found in text that won't parse.

``async`` is a reserved word since Python 3.7, so no parser of today's Python (libcst's included: its
native parser has one grammar and ignores ``PartialParserConfig(python_version=...)``) takes a file that
passes it. DEV014 makes these fixes; DEV022 counts them as made when it checks that its conversion of a
Python 2 file compiles. The file is read with :mod:`tokenize`, which still gives ``async`` as a name, and each
``async=`` passed directly to a call of one of the methods that took it is renamed.
"""

from __future__ import annotations

import io
import re
import tokenize

from codemods.core.base import TextFix

# The tensor (and module) methods whose `async` argument PyTorch 0.4 renamed `non_blocking`.
METHODS = frozenset({"cuda", "to", "type", "copy_"})
_MAYBE = re.compile(r"\basync\s*=(?!=)")
_SKIPPED = frozenset({tokenize.NL, tokenize.COMMENT, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT})


def async_keyword_fixes(text: str) -> list[TextFix]:
    """Every ``async=`` passed by keyword to ``.cuda(...)``, ``.to(...)``, ``.type(...)`` or ``.copy_(...)``
    in ``text``, as a fix to ``non_blocking=``; none when the text cannot be tokenized."""
    # (the substring test first: the regex costs 30 times as much on text without the word, most text)
    if "async" not in text or _MAYBE.search(text) is None:
        return []
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in _SKIPPED]
    except (tokenize.TokenError, SyntaxError):
        return []
    fixes = []
    calls: list[str | None] = []  # per open bracket: the method it calls, for `.name(`
    for i, token in enumerate(tokens):
        if token.type == tokenize.OP and token.string in "([{":
            called = i >= 2 and token.string == "(" and tokens[i - 2].string == "."
            calls.append(tokens[i - 1].string if called and tokens[i - 1].type == tokenize.NAME else None)
        elif token.type == tokenize.OP and token.string in ")]}":
            if calls:
                calls.pop()
        elif (
            token.type == tokenize.NAME
            and token.string == "async"
            and calls
            and calls[-1] in METHODS
            and tokens[i - 1].string in ("(", ",")
            and i + 1 < len(tokens)
            and tokens[i + 1].string == "="
        ):
            line, column = token.start
            fixes.append(
                TextFix(
                    line,
                    column,
                    "async",
                    "non_blocking",
                    f"`.{calls[-1]}(async=...)` is `non_blocking=` since PyTorch 0.4, and `async` is a"
                    " keyword since Python 3.7: the file does not parse",
                )
            )
    return fixes
