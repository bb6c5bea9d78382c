"""Python 2 syntax in a file that does not compile on Python 3, converted token by token.

Only text that fails to compile is converted, and only when the converted text compiles: a Python 3
file never changes, and a file the conversion does not cure stays refused with Python's own error.
The work is done on :mod:`tokenize`'s tokens (the pure-Python tokenizer of 3.11 still reads
``print x``, backticks, ``0777`` and ``10L``), so strings and comments are never touched.
"""

from __future__ import annotations

import ast
import io
import keyword
import re
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from codemods.core.base import TextFix
from codemods.fixes.async_keyword import async_keyword_fixes

# Lines that only Python 2 reads: the screen that keeps Python 3 files from paying for a compile.
# Each alternative starts a line (comments start with `#`, so never match); a docstring line that looks
# like one costs a compile, no more.
_SCREEN = re.compile(
    r"^[ \t]*(?:"
    r"print(?:[ \t]*$|[ \t]*>>|[ \t]+[\w\"'\[{`-])"  # print x, print >>f, x, print alone
    # if x: print y
    r"|(?:if|elif|else|for|while|try|except|finally|with)\b[^\n#]*:[ \t]*print[ \t]+[\w\"'\[{`]"
    r"|except[ \t]+[\w.]+[ \t]*,[ \t]*\w+[ \t]*:"  # except E, e:
    r"|raise[ \t]+[\w.]+[ \t]*,"  # raise E, "message"
    r"|exec[ \t]+[\w\"']"  # exec code
    r")",
    re.MULTILINE,
)
_TAB_INDENTED = re.compile(r"^ *\t[ \t]*[^\s#]", re.MULTILINE)
_SPACE_INDENTED = re.compile(r"^\t* [ \t]*[^\s#]", re.MULTILINE)
_FUTURE_PRINT = re.compile(r"^from[ \t]+__future__[ \t]+import[^\n]*\bprint_function\b", re.MULTILINE)

_NOT_CODE = frozenset({tokenize.NL, tokenize.COMMENT})
_STATEMENT_END = frozenset({tokenize.NEWLINE, tokenize.ENDMARKER})
_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")
# What may follow `print` in a print statement, besides a name, string or number.
_PRINTED_OP = frozenset({"(", "[", "{", "-", "+", "~", ">>", "`"})

DIVISION = (
    " Python 3 reads a Python 2 file differently where no syntax shows it: `/` of two ints is true"
    " division (write `//` where an int was meant), `dict.keys()`/`map`/`zip`/`range` give views and"
    " iterators, not lists, and `str` is text, not bytes: check those before trusting the results"
)
PRINT = "`print` is a function in Python 3: the Python 2 print statement does not compile;" + DIVISION


def python2_fixes(text: str) -> list[TextFix]:
    """The fixes that make ``text``, a file Python 3 refuses for Python 2 syntax, compile on Python 3;
    none when it compiles already, when nothing Python 2 is seen, or when the converted text still fails
    to compile (DEV014's ``async=`` repairs counted as made)."""
    screened = _SCREEN.search(text) is not None
    if not screened and not ("\t" in text and _mixes_indentation(text)):
        return []
    if _compiles(text):
        return []
    # Tokenized with its indentation expanded: tokenize raises on indentation only the mixing of tabs
    # and spaces makes inconsistent. The columns are moved back to the original's after.
    lines = io.StringIO(text).readlines()
    expanded = [_expanded_indentation(line) for line in lines] if "\t" in text else lines
    source = "".join(expanded)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    fixes = [_moved_back(fix, lines, expanded) for fix in _Converter(source, tokens).fixes()]
    also = async_keyword_fixes(text)
    if fixes and compiles_with(text, fixes + also):
        return fixes
    tabs = _indentation_fix(text, tokens) if "\t" in text else None
    if tabs is not None and compiles_with(text, [tabs, *fixes, *also]):
        return [tabs, *fixes]
    return []


def _moved_back(fix: TextFix, lines: list[str], expanded: list[str]) -> TextFix:
    """``fix`` of the text with expanded indentation, as a fix of the original text."""
    parts = []
    for part in fix.parts:
        shift = len(expanded[part.line - 1]) - len(lines[part.line - 1])
        parts.append(replace(part, column=part.column - shift, then=()))
    first, *rest = parts
    return replace(first, then=tuple(rest))


def compiles_with(text: str, fixes: Sequence[TextFix]) -> bool:
    """Whether ``text``, with ``fixes`` (and their parts) made, compiles on Python 3."""
    return _compiles(apply_fixes(text, [part for fix in fixes for part in fix.parts]))


def apply_fixes(text: str, fixes: Sequence[TextFix]) -> str:
    """``text`` with each fix's ``old`` replaced by its ``new`` (as the engine makes them)."""
    lines = io.StringIO(text).readlines()
    for fix in sorted(fixes, key=lambda f: (f.line, f.column), reverse=True):
        line = lines[fix.line - 1]
        lines[fix.line - 1] = line[: fix.column] + fix.new + line[fix.column + len(fix.old) :]
    return "".join(lines)


def _compiles(text: str) -> bool:
    try:
        compile(text, "<python2>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):  # ValueError: a null byte
        return False
    return True


def _mixes_indentation(text: str) -> bool:
    return _TAB_INDENTED.search(text) is not None and _SPACE_INDENTED.search(text) is not None


def _indentation_fix(text: str, tokens: list[tokenize.TokenInfo]) -> TextFix | None:
    """One fix (in parts, one per line) that expands the tabs of the indentation of each line that
    starts a logical line to columns of 8, as Python 2 read them; None when no such line has a tab.
    ``tokens`` are those of ``text`` with every line's indentation expanded (the lines are the same).
    Lines inside strings and brackets keep their text."""
    lines = io.StringIO(text).readlines()
    starts: set[int] = set()
    at_start = True
    for token in tokens:
        if token.type in _NOT_CODE or token.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        if at_start:
            starts.add(token.start[0])
        at_start = token.type == tokenize.NEWLINE
    parts = []
    for number in sorted(starts):
        line = lines[number - 1]
        indentation = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indentation:
            parts.append(TextFix(number, 0, indentation, indentation.expandtabs(8), ""))
    if not parts:
        return None
    first, *rest = parts
    return TextFix(
        first.line,
        0,
        first.old,
        first.new,
        "indentation mixes tabs and spaces (a `TabError` on Python 3): its tabs are expanded to"
        f" columns of 8, as Python 2 read them ({len(parts)} line{'s' if len(parts) != 1 else ''})",
        tuple(rest),
    )


def _expanded_indentation(line: str) -> str:
    code = line.lstrip(" \t")
    return line[: len(line) - len(code)].expandtabs(8) + code


@dataclass
class _Statement:
    """A simple statement's tokens (no NL or comment), from its first to its last."""

    tokens: list[tokenize.TokenInfo]


class _Converter:
    """The Python 2 forms of one tokenized file, each as a fix."""

    def __init__(self, text: str, tokens: list[tokenize.TokenInfo]) -> None:
        self.lines = io.StringIO(text).readlines()
        # (3.11's tokenize gives the space before a backtick as an error token of its own)
        self.tokens = [
            t
            for t in tokens
            if t.type not in _NOT_CODE and not (t.type == tokenize.ERRORTOKEN and t.string.isspace())
        ]
        self.print_statements = _FUTURE_PRINT.search(text) is None

    @cached_property
    def bound(self) -> set[str]:
        """The names the file binds or imports itself: never renamed, nor read as Python 2's builtins."""
        return _bound_names(self.tokens)

    def fixes(self) -> list[TextFix]:
        found: list[TextFix] = []
        tuples: list[TextFix] = []  # `print (a, b)`: a tuple printed, if the file is Python 2 at all
        modules: list[TextFix] = []  # `import cPickle`: if the file is Python 2 at all
        statements = False
        for statement in self._statements():
            first = statement.tokens[0]
            if first.type != tokenize.NAME:
                continue
            fix = None
            if first.string == "print" and self.print_statements:
                fix = self._print(statement.tokens)
                if fix is not None and _calls_print(statement.tokens):
                    tuples.append(fix)
                    continue
                statements = statements or fix is not None
            elif first.string == "except":
                fix = self._except(statement.tokens)
            elif first.string == "raise":
                fix = self._raise(statement.tokens)
            elif first.string == "exec":
                fix = self._exec(statement.tokens)
            elif first.string in ("import", "from"):
                modules += self._modules(statement.tokens)
            if fix is not None:
                found.append(fix)
        if statements:
            found += tuples
        found += self._token_forms()
        if found:  # a Python 2 file: its Python 2 names are Python 2's too
            found += self._renamed_names() + modules + self._generator_next() + self._dict_lists()
            found += self._range_divisions()
        return sorted(found, key=lambda f: (f.line, f.column))

    def _statements(self) -> list[_Statement]:
        """The simple statements: split at NEWLINE and at `;` and block colons outside brackets."""
        statements: list[_Statement] = []
        current: list[tokenize.TokenInfo] = []
        depth = 0
        for token in self.tokens:
            if token.type in (tokenize.INDENT, tokenize.DEDENT):
                continue
            if token.type in _STATEMENT_END:
                if current:
                    statements.append(_Statement(current))
                current, depth = [], 0
                continue
            if token.type == tokenize.OP:
                if token.string in _OPENING:
                    depth += 1
                elif token.string in _CLOSING:
                    depth = max(depth - 1, 0)
                elif depth == 0 and token.string == ";":
                    if current:
                        statements.append(_Statement(current))
                    current = []
                    continue
                elif depth == 0 and token.string == ":" and current and _opens_block(current):
                    statements.append(_Statement([*current, token]))
                    current = []
                    continue
            current.append(token)
        if current:
            statements.append(_Statement(current))
        return statements

    # print

    def _print(self, tokens: list[tokenize.TokenInfo]) -> TextFix | None:
        keyword = tokens[0]
        if len(tokens) == 1:
            return self._fix(keyword, "print", "print()", PRINT)
        after = tokens[1]
        if after.type == tokenize.OP and after.string not in _PRINTED_OP:
            return None  # `print = ...`, `print.x`: a name
        if after.type == tokenize.ERRORTOKEN and after.string != "`":
            return None
        if after.string == "(" and _closing(tokens, 1) == len(tokens) - 1:
            inner = tokens[2:-1]
            if not inner or not _top_level(inner, ","):
                return None  # `print(x)`: the same in both
        chevron = after.string == ">>"
        destination = ""
        printed = tokens[1:]
        if chevron:
            comma = _top_level(tokens[2:], ",")
            ends = comma[0] + 2 if comma else len(tokens)
            target = tokens[2:ends]
            if not target or target[0].start[0] != target[-1].end[0]:
                return None
            destination = f"file={self._between(target[0], target[-1])}"
            printed = tokens[ends + 1 :] if comma else []
        last = tokens[-1]
        trailing = bool(printed) and last.type == tokenize.OP and last.string == "," and not chevron
        trailing = trailing or (chevron and bool(printed) and last.string == "," and len(printed) > 1)
        arguments = [a for a in (('end=" "' if trailing else ""), destination) if a]
        if not printed:
            line = self.lines[keyword.start[0] - 1]
            if keyword.start[0] != last.end[0]:
                return None
            old = line[keyword.start[1] : last.end[1]]
            return self._fix(keyword, old, f"print({', '.join(arguments)})", PRINT)
        head = printed[0]
        if head.start[0] != keyword.start[0]:
            return None  # `print \` and the values on the next line
        line = self.lines[keyword.start[0] - 1]
        old = line[keyword.start[1] : head.start[1]]
        if trailing:
            tail = TextFix(last.start[0], last.start[1], ",", ", " + ", ".join(arguments) + ")", "")
        else:
            tail = TextFix(last.end[0], last.end[1], "", "".join(", " + a for a in arguments) + ")", "")
        return TextFix(keyword.start[0], keyword.start[1], old, "print(", PRINT, (tail,))

    # except E, e:  raise E, v  exec code

    def _except(self, tokens: list[tokenize.TokenInfo]) -> TextFix | None:
        if len(tokens) < 5 or tokens[-1].string != ":" or tokens[-2].type != tokenize.NAME:
            return None
        comma = tokens[-3]
        if comma.string != "," or _top_level(tokens[1:-3], ","):
            return None
        line = self.lines[comma.start[0] - 1]
        spaced = line[comma.end[1] : comma.end[1] + 1].isspace()
        return self._fix(
            comma,
            ",",
            " as" if spaced else " as ",
            "`except E, e:` is Python 2 only: `except E as e:`." + DIVISION,
        )

    def _raise(self, tokens: list[tokenize.TokenInfo]) -> TextFix | None:
        commas = _top_level(tokens[1:], ",")
        if len(commas) != 1:
            return None  # `raise E, v, traceback`: left to the reader
        comma_at = commas[0] + 1
        comma, value = tokens[comma_at], tokens[comma_at + 1 :]
        if not value or comma.start[0] != value[0].start[0]:
            return None
        line = self.lines[comma.start[0] - 1]
        old = line[comma.start[1] : value[0].start[1]]
        last = tokens[-1]
        return TextFix(
            comma.start[0],
            comma.start[1],
            old,
            "(",
            "`raise E, v` is Python 2 only: `raise E(v)`." + DIVISION,
            (TextFix(last.end[0], last.end[1], "", ")", ""),),
        )

    def _exec(self, tokens: list[tokenize.TokenInfo]) -> TextFix | None:
        if len(tokens) < 2 or tokens[1].type == tokenize.OP and tokens[1].string == "(":
            return None
        keyword, head, last = tokens[0], tokens[1], tokens[-1]
        if head.start[0] != keyword.start[0] or _top_level(tokens[1:], "in"):
            return None  # `exec code in namespace`: left to the reader
        old = self.lines[keyword.start[0] - 1][keyword.start[1] : head.start[1]]
        return TextFix(
            keyword.start[0],
            keyword.start[1],
            old,
            "exec(",
            "`exec` is a function in Python 3: the `exec code` statement does not compile." + DIVISION,
            (TextFix(last.end[0], last.end[1], "", ")", ""),),
        )

    # forms of one or two tokens: backticks, `<>`, `0777`, `10L`, `ur""`

    def _token_forms(self) -> list[TextFix]:
        found = []
        tokens = self.tokens
        backtick: tokenize.TokenInfo | None = None
        for token, after in zip(tokens, [*tokens[1:], tokens[-1]], strict=True):
            touching = after is not token and after.start == token.end
            if token.type == tokenize.ERRORTOKEN and token.string == "`":
                if backtick is None:
                    backtick = token
                    continue
                found.append(
                    TextFix(
                        backtick.start[0],
                        backtick.start[1],
                        "`",
                        "repr(",
                        "backticks are Python 2's `repr(...)`." + DIVISION,
                        (TextFix(token.start[0], token.start[1], "`", ")", ""),),
                    )
                )
                backtick = None
            elif token.type == tokenize.OP and token.string == "<" and touching and after.string == ">":
                found.append(self._fix(token, "<>", "!=", "`<>` is Python 2's `!=`." + DIVISION))
            elif token.type == tokenize.NUMBER and token.string == "0" and touching and _octal(after):
                found.append(
                    self._fix(
                        token,
                        "0" + after.string,
                        "0o" + after.string.rstrip("lL"),
                        "`0777` is Python 2's octal `0o777`." + DIVISION,
                    )
                )
            elif token.type == tokenize.NUMBER and touching and after.type == tokenize.NAME:
                if after.string in ("L", "l") and _INTEGER.fullmatch(token.string):
                    found.append(
                        self._fix(
                            token,
                            token.string + after.string,
                            token.string,
                            "`10L` is a Python 2 long: Python 3's `int` is unbounded, `10`." + DIVISION,
                        )
                    )
            elif token.type == tokenize.NAME and token.string.lower() in ("ur", "ru") and touching:
                if after.type == tokenize.STRING and after.string[0] in "\"'":
                    found.append(
                        self._fix(
                            token,
                            token.string,
                            token.string.replace("u", "").replace("U", ""),
                            '`ur"..."` is Python 2 only: `r"..."` (Python 3\'s strings are text, and'
                            " its raw strings read no `\\u` escape)." + DIVISION,
                        )
                    )
        return found

    def _modules(self, tokens: list[tokenize.TokenInfo]) -> list[TextFix]:
        """The standard modules Python 3 renamed, imported whole (``import cPickle``,
        ``import Queue as queue``, ``from ConfigParser import ...``): the new name, bound to the old one."""
        found = []
        importing = tokens[0].string == "import"
        for i, token in enumerate(tokens):
            new = _RENAMED_MODULES.get(token.string)
            if token.type != tokenize.NAME or new is None or i == 0:
                continue
            before = tokens[i - 1].string
            after = tokens[i + 1].string if i + 1 < len(tokens) else ""
            if after == "." or before not in ("import", ",", "from") or (before == "," and not importing):
                continue
            if before == "from" or after == "as":
                spelled = new
            elif importing:
                spelled = f"{new} as {token.string}"
            else:
                continue
            found.append(
                self._fix(
                    token,
                    token.string,
                    spelled,
                    f"`{token.string}` is `{new}` in Python 3." + DIVISION,
                )
            )
        return found

    def _renamed_names(self) -> list[TextFix]:
        """``xrange`` -> ``range`` and ``d.iteritems()`` -> ``d.items()`` (``itervalues``, ``iterkeys``),
        the Python 2 names a converted script would trip on at once, unless the file binds the name
        itself (``xrange = range`` in a ``NameError`` handler, a ``def iteritems``)."""
        tokens = self.tokens
        found = []
        for i, token in enumerate(tokens):
            if token.type != tokenize.NAME or token.string in self.bound:
                continue
            attribute = i > 0 and tokens[i - 1].string == "."
            if token.string == "xrange" and not attribute:
                found.append(
                    self._fix(
                        token,
                        "xrange",
                        "range",
                        "`xrange` is Python 2's lazy `range`: Python 3 has only `range`, which is lazy."
                        + DIVISION,
                    )
                )
            elif token.string in _DICT_ITERATORS and attribute and _called_bare(tokens, i):
                new = _DICT_ITERATORS[token.string]
                found.append(
                    self._fix(
                        token,
                        token.string,
                        new,
                        f"`.{token.string}()` is Python 2 only: `.{new}()` (a view, not a list) on Python 3."
                        + DIVISION,
                    )
                )
        return found

    def _range_divisions(self) -> list[TextFix]:
        """``xrange(n / 2)`` -> ``range(n // 2)``: Python 2's ``range`` and ``xrange`` take ints only, so
        where a run got past the call, a ``/`` whose result is the argument divided two ints (floor
        division); Python 3's ``/`` gives a float there, which ``range`` refuses. Only a ``/`` that only
        grouping parentheses hold in the argument, in an argument of arithmetic alone: a call, subscript,
        comparison or conditional in between may take a float (``int(a / b)``, ``n if a / b > 1 else m``)."""
        tokens = self.tokens
        found = []
        for i, token in enumerate(tokens[:-1]):
            if (
                token.type != tokenize.NAME
                or token.string not in ("range", "xrange")
                or token.string in self.bound
                or (i > 0 and tokens[i - 1].string == ".")
                or tokens[i + 1].string != "("
            ):
                continue
            end = _closing(tokens, i + 1)
            if end < 0:
                continue
            arguments = tokens[i + 2 : end]
            commas = [-1, *_top_level(arguments, ","), len(arguments)]
            for comma, following in zip(commas, commas[1:]):
                found += self._floor_divisions(arguments[comma + 1 : following])
        return found

    def _floor_divisions(self, argument: list[tokenize.TokenInfo]) -> list[TextFix]:
        """The ``/`` of ``argument`` (one argument's tokens) as ``//``, when the argument is arithmetic
        alone; a ``/`` inside a call or subscript is left (``int(a / b)`` may divide floats)."""
        slashes = []
        opaque: list[bool] = []  # the brackets open: True for a call's or a subscript's
        for k, token in enumerate(argument):
            if token.type == tokenize.OP and token.string in _OPENING:
                before = argument[k - 1] if k else None
                grouping = token.string == "(" and (
                    before is None or (before.type == tokenize.OP and before.string not in _CLOSING)
                )
                opaque.append(not grouping or any(opaque))
            elif token.type == tokenize.OP and token.string in _CLOSING:
                if opaque:
                    opaque.pop()
            elif any(opaque):
                continue
            elif token.type == tokenize.OP and token.string == "/":
                slashes.append(token)
            elif token.type == tokenize.OP and token.string not in _OPERAND_OPS:
                return []  # a comparison, `:`, `=`: not arithmetic alone
            elif token.type == tokenize.NAME and keyword.iskeyword(token.string):
                return []  # `if`, `and`, `not`, `lambda`, `for`: not arithmetic alone
        return [
            self._fix(
                token,
                "/",
                "//",
                "`/` of two ints was floor division in Python 2, and `range` takes ints only: `//` keeps"
                " the int (Python 3's `/` gives a float, which `range` refuses).",
            )
            for token in slashes
        ]

    def _generator_next(self) -> list[TextFix]:
        """``g.next()`` -> ``next(g)`` where ``g`` is only ever bound to a call of a generator function of
        the file (``data = inf_train_gen()``): Python 3's generators have ``__next__``, no ``next``. Any
        other ``.next()`` (a progress bar's) is left alone."""
        tokens = self.tokens
        generators = _generator_functions(tokens)
        if not generators:
            return []
        inside = _in_functions(tokens)
        declared = {tokens[i + 1].string for i, t in enumerate(tokens[:-1]) if t.string == "global"}
        bound: dict[str, bool] = {}  # module-level name -> every binding is a generator function's call
        for i, token in enumerate(tokens[:-2]):
            if (
                token.type != tokenize.NAME
                or tokens[i + 1].string != "="
                or (i and tokens[i - 1].string == ".")
            ):
                continue
            if inside[i] and token.string not in declared:
                continue  # a local of a function: another name
            call = tokens[i + 2]
            made = (
                call.string in generators
                and i + 3 < len(tokens)
                and tokens[i + 3].string == "("
                and _closing(tokens, i + 3) > 0
                and tokens[_closing(tokens, i + 3) + 1].type in (tokenize.NEWLINE, tokenize.ENDMARKER)
            )
            bound[token.string] = bound.get(token.string, True) and made
        # bound otherwise at module level (`for data in ...`, an import): not only a generator
        taken = _bound_names([t for t, local in zip(tokens, inside, strict=True) if not local]) - set(bound)
        found = []
        for i, token in enumerate(tokens[:-4]):
            if (
                token.type == tokenize.NAME
                and not inside[i]
                and bound.get(token.string)
                and token.string not in taken
                and token.string not in declared
                and not (i and tokens[i - 1].string == ".")
                and [t.string for t in tokens[i + 1 : i + 5]] == [".", "next", "(", ")"]
                and tokens[i + 4].start[0] == token.start[0]
            ):
                line = self.lines[token.start[0] - 1]
                old = line[token.start[1] : tokens[i + 4].end[1]]
                found.append(
                    self._fix(
                        token,
                        old,
                        f"next({token.string})",
                        "`g.next()` is Python 2's `next(g)`: a Python 3 generator has no `next` method."
                        + DIVISION,
                    )
                )
        return found

    def _dict_lists(self) -> list[TextFix]:
        """``d.keys()`` -> ``list(d.keys())`` (``values``, ``items``), as 2to3 writes it: in Python 2 they
        gave lists, which code indexed, sorted in place or handed to NumPy; Python 3's views do none of
        that. Left as they are where a view does as well: iterated (``for k in d.keys()``, ``x in``), or
        the one argument of a call that takes any iterable (``sorted(d.keys())``, ``len``, ``list``)."""
        tokens = self.tokens
        found = []
        for i, token in enumerate(tokens[:-2]):
            if not (
                token.type == tokenize.NAME
                and token.string in _DICT_VIEWS
                and i > 1
                and tokens[i - 1].string == "."
                and _called_bare(tokens, i)
            ):
                continue
            start = _receiver_start(tokens, i - 1)
            if start is None or tokens[start].start[0] != tokens[i + 2].end[0]:
                continue
            before = tokens[start - 1] if start else None
            after = tokens[i + 3] if i + 3 < len(tokens) else None
            if before is not None and before.string == "in":
                continue  # iterated, or a membership test: a view does it
            if (
                before is not None
                and before.string == "("
                and start >= 2
                and tokens[start - 2].string in _TAKES_ITERABLES
                and after is not None
                and after.string == ")"
            ):
                continue
            first = tokens[start]
            line = self.lines[first.start[0] - 1]
            old = line[first.start[1] : tokens[i + 2].end[1]]
            found.append(
                self._fix(
                    first,
                    old,
                    f"list({old})",
                    f"`.{token.string}()` gave a list in Python 2 and gives a view in Python 3:"
                    f" `list(...{token.string}())`, as 2to3 writes it." + DIVISION,
                )
            )
        return found

    def _fix(self, token: tokenize.TokenInfo, old: str, new: str, message: str) -> TextFix:
        return TextFix(token.start[0], token.start[1], old, new, message)

    def _between(self, first: tokenize.TokenInfo, last: tokenize.TokenInfo) -> str:
        return self.lines[first.start[0] - 1][first.start[1] : last.end[1]]


_BLOCK_KEYWORDS = frozenset(
    {"if", "elif", "else", "for", "while", "try", "except", "finally", "with", "def", "class"}
)


def _opens_block(tokens: list[tokenize.TokenInfo]) -> bool:
    """Whether a `:` after ``tokens`` (outside brackets) ends a compound statement's header."""
    first = tokens[0]
    if first.type != tokenize.NAME or first.string not in _BLOCK_KEYWORDS:
        return False
    return not any(t.type == tokenize.NAME and t.string == "lambda" for t in tokens)


# Python 2's standard modules that Python 3 renamed, with the same contents under the new name.
_RENAMED_MODULES = {
    "cPickle": "pickle",
    "Queue": "queue",
    "ConfigParser": "configparser",
    "__builtin__": "builtins",
    "cStringIO": "io",
    "StringIO": "io",
}
_INTEGER = re.compile(r"[0-9]+|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+")
_DICT_ITERATORS = {"iteritems": "items", "itervalues": "values", "iterkeys": "keys"}
_BINDING_KEYWORDS = frozenset({"def", "class", "as", "global", "import"})


def _bound_names(tokens: list[tokenize.TokenInfo]) -> set[str]:
    """The names ``tokens`` bind or import themselves: ``def f``, ``f = ...``, ``import f``,
    ``from m import f``, ``... as f``, ``global f``, ``for f in``."""
    bound = set()
    importing = False  # in an import statement: every name there may be bound
    starts = True
    for i, token in enumerate(tokens):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
            importing, starts = False, True
            continue
        if token.string == ";":
            importing, starts = False, True
            continue
        if token.type == tokenize.NAME:
            before = tokens[i - 1].string if i else ""
            after = tokens[i + 1].string if i + 1 < len(tokens) else ""
            importing = importing or (starts and token.string in ("from", "import"))
            if importing or before in _BINDING_KEYWORDS or before == "for" or after == "=":
                bound.add(token.string)
        starts = False
    return bound


def _in_functions(tokens: list[tokenize.TokenInfo]) -> list[bool]:
    """For each token, whether it lies in a function's body (a block under a ``def``)."""
    inside = []
    depth = 0
    bodies: list[int] = []  # the indentation depths of the open function bodies
    pending = False
    for i, token in enumerate(tokens):
        if token.type == tokenize.INDENT:
            depth += 1
            if pending:
                bodies.append(depth)
                pending = False
        elif token.type == tokenize.DEDENT:
            depth -= 1
            while bodies and bodies[-1] > depth:
                bodies.pop()
        elif token.type == tokenize.NEWLINE and pending:
            pending = i + 1 < len(tokens) and tokens[i + 1].type == tokenize.INDENT
        elif token.type == tokenize.NAME and token.string == "def":
            pending = True
        inside.append(bool(bodies) or pending)
    return inside


def _generator_functions(tokens: list[tokenize.TokenInfo]) -> set[str]:
    """The module's functions whose own body (not a nested function's) yields."""
    found = set()
    stack: list[tuple[str, int]] = []  # (function, indentation depth of its body)
    depth = 0
    pending: str | None = None  # a `def` whose body has not started yet
    for i, token in enumerate(tokens):
        if token.type == tokenize.INDENT:
            depth += 1
            if pending is not None:
                stack.append((pending, depth))
                pending = None
        elif token.type == tokenize.DEDENT:
            depth -= 1
            while stack and stack[-1][1] > depth:
                stack.pop()
        elif token.type == tokenize.NEWLINE and pending is not None:
            if i + 1 < len(tokens) and tokens[i + 1].type != tokenize.INDENT:
                pending = None  # `def f(): return 1` on one line: no body block to follow
        elif token.type == tokenize.NAME and token.string == "def" and i + 1 < len(tokens):
            pending = tokens[i + 1].string
        elif token.type == tokenize.NAME and token.string == "yield" and stack:
            found.add(stack[-1][0])
    return found


_DICT_VIEWS = frozenset({"keys", "values", "items"})
# Calls that read any iterable once: a view given to them alone is as good as a list.
_TAKES_ITERABLES = frozenset(
    {
        "sorted",
        "list",
        "tuple",
        "set",
        "frozenset",
        "len",
        "iter",
        "enumerate",
        "sum",
        "min",
        "max",
        "any",
        "all",
        "dict",
        "zip",
        "map",
        "filter",
        "reversed",
    }
)


def _receiver_start(tokens: list[tokenize.TokenInfo], dot: int) -> int | None:
    """The index of the first token of the primary expression that ends just before ``tokens[dot]``
    (``a.b[0].c(x)`` before ``.keys``); None when it is not one (a string, an operator)."""
    i = dot - 1
    while i >= 0:
        token = tokens[i]
        if token.type == tokenize.OP and token.string in ")]":
            depth = 0
            while i >= 0:  # back to the bracket that opens it
                if tokens[i].string in _CLOSING:
                    depth += 1
                elif tokens[i].string in _OPENING:
                    depth -= 1
                    if depth == 0:
                        break
                i -= 1
            if i < 0:
                return None
            i -= 1  # a call's or subscript's callee, or a parenthesised expression
            if i < 0 or not (tokens[i].type == tokenize.NAME or tokens[i].string in ")]"):
                return i + 1
            continue
        if token.type != tokenize.NAME or keyword.iskeyword(token.string):
            return None
        if i > 0 and tokens[i - 1].string == ".":
            i -= 2
            continue
        return i
    return None


def _called_bare(tokens: list[tokenize.TokenInfo], at: int) -> bool:
    """Whether the name at ``at`` is called with no arguments: ``d.iteritems()``."""
    return at + 2 < len(tokens) and tokens[at + 1].string == "(" and tokens[at + 2].string == ")"


def _calls_print(tokens: list[tokenize.TokenInfo]) -> bool:
    """Whether the statement ``tokens`` reads as a call of Python 3's ``print``: ``print (a, b)``."""
    return len(tokens) > 1 and tokens[1].string == "(" and _closing(tokens, 1) == len(tokens) - 1


def _octal(token: tokenize.TokenInfo) -> bool:
    digits = token.string.rstrip("lL")
    return token.type == tokenize.NUMBER and digits.isdigit() and set(digits) <= set("01234567")


# The operators of an argument of arithmetic alone (besides `/` and brackets), and `.` of its operands.
_OPERAND_OPS = frozenset({"+", "-", "*", "//", "%", "**", "~", "<<", ">>", "&", "|", "^", "."})


def _closing(tokens: list[tokenize.TokenInfo], opening: int) -> int:
    """The index of the bracket that closes the one at ``opening`` (-1 when none)."""
    depth = 0
    for i in range(opening, len(tokens)):
        token = tokens[i]
        if token.type != tokenize.OP:
            continue
        if token.string in _OPENING:
            depth += 1
        elif token.string in _CLOSING:
            depth -= 1
            if depth == 0:
                return i
    return -1


def _top_level(tokens: Sequence[tokenize.TokenInfo], text: str) -> list[int]:
    """The indexes of the tokens spelled ``text`` outside brackets."""
    found = []
    depth = 0
    for i, token in enumerate(tokens):
        if token.type == tokenize.OP and token.string in _OPENING:
            depth += 1
        elif token.type == tokenize.OP and token.string in _CLOSING:
            depth -= 1
        elif depth == 0 and token.string == text:
            found.append(i)
    return found
