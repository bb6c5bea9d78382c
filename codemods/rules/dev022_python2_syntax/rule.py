"""## What it does
Finds a file that does not compile on Python 3 because it is written in Python 2, and converts it to
Python 3 syntax before it is parsed, so that it can be read (by the other rules too) and run:

* print statements: `print x, y` -> `print(x, y)`, `print >>f, x` -> `print(x, file=f)`, `print` alone
  -> `print()`, `print (a, b)` (which printed a tuple) -> `print((a, b))`, and a trailing comma
  `print x,` -> `print(x, end=" ")`;
* indentation that mixes tabs and spaces (a `TabError`): the tabs of each line's indentation are
  expanded to columns of 8, as Python 2 read them, so that the blocks stay what they were;
* `except E, e:` -> `except E as e:`, `raise E, v` -> `raise E(v)`, backticks -> `repr(...)`,
  `<>` -> `!=`, `0777` -> `0o777`, `10L` -> `10`, `ur"..."` -> `r"..."`, `exec code` -> `exec(code)`;
* in a file so converted, the Python 2 names it would trip on at once: `xrange` -> `range`,
  `d.iteritems()` -> `d.items()` (`itervalues`, `iterkeys`), unless the file binds the name itself,
  and the renamed standard modules (`import cPickle` -> `import pickle as cPickle`; `Queue`,
  `ConfigParser`, `StringIO`, `cStringIO`, `__builtin__`), `g.next()` -> `next(g)` where `g` is
  only ever bound to a call of a generator function of the file, and `d.keys()` (`values`, `items`)
  -> `list(d.keys())` as 2to3 writes it, except where a view does as well (`for k in d.keys()`,
  `x in d.keys()`, `sorted(d.keys())`), and `xrange(n / 2)` -> `range(n // 2)`: Python 2's `range`
  took ints only, so such a `/` divided two ints (one inside a call there, `int(a / b)`, is left).

A Python 2 project's modules that never mention torch (a helper package its training script imports)
are converted too: a file whose line starts with a print statement is read for this rule alone.

Only a file that fails to compile is converted, and only when the converted file compiles: a Python 3
file (`print (x)`, a docstring that shows `print "x"`, tabs used consistently) is never touched, and a
file the conversion does not cure stays refused with Python's own error. Strings and comments are
never changed (the file is read with `tokenize`).

## Why is this bad?
Python 2 reached its end of life in 2020 and today's PyTorch does not run on it; a file in its syntax
raises `SyntaxError` (or `TabError`) on import, and no tool that parses Python 3 can read it.

## Example
```python
import torch
for epoch in range(10):
    loss = train(model)
    print "epoch %d loss %.3f" % (epoch, loss),
print >>log, "done"
try:
    torch.save(model, path)
except IOError, error:
    print error
```

Use instead:
```python
import torch
for epoch in range(10):
    loss = train(model)
    print("epoch %d loss %.3f" % (epoch, loss), end=" ")
print("done", file=log)
try:
    torch.save(model, path)
except IOError as error:
    print(error)
```

## Fix safety
Unsafe. The syntax is converted exactly, but Python 3 reads a Python 2 program differently where no
syntax shows it: `/` of two ints is true division (`7 / 2` was `3`: write `//` where an int was
meant), `dict.keys()`, `map`, `zip`, `filter` and `range` give views and iterators (indexing them
fails), `str` is text and `bytes` is apart (files opened without `"b"`, `pickle` of Python 2 data).
The trailing-comma print writes its space at once, where Python 2's "softspace" wrote it only before
the next value on the line (a line may end with a space). So the fix is applied only with
`--unsafe-fixes`; without, the file is still read converted and every rule's findings are reported at
their places in the original, but nothing of it is written (`apply` counts it as withheld).
"""

from __future__ import annotations

from codemods.core.base import FixSafety, Rule, TextFix

from ._python2 import python2_fixes


class Python2Syntax(Rule):
    code = "DEV022"
    name = "python2-syntax"
    summary = "Python 2 syntax (print statement, mixed tabs, `except E, e`): the file does not parse"
    fix_safety = FixSafety.UNSAFE
    triggers = ("print", "\t", "except", "raise", "exec")
    reads = ()
    reads_python2 = True  # a Python 2 project's modules that never mention torch are converted too

    @classmethod
    def text_fixes(cls, text: str) -> list[TextFix]:
        return python2_fixes(text)

    def check(self) -> None:
        """Everything this rule finds, it finds in the text before parsing (:meth:`text_fixes`)."""
