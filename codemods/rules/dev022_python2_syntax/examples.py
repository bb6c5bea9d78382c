"""DEV022's examples: code it must leave alone (VALID) and code it must fix (INVALID).

The fixes are made in the text before the file is parsed; the engine runs them as it runs any rule's
(tests/test_codemods/rules/test_rules.py), and tests/test_codemods/rules/test_dev022_python2.py covers
the conversion's forms one by one. Examples with tabs are written without a common indentation, as
``textwrap.dedent`` would not take it off.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Python 3 prints that look like statements: `print (x)` with a space, a `print` in a docstring
    # and in a comment, the name `print` passed on.
    Valid(
        '''
        import torch
        def show(loss):
            """Prints the loss, as Python 2's
                print "loss", loss
            did."""
            print ("loss", loss.item())  # print "loss", loss
            log = print
            log(torch.zeros(2))
        '''
    ),
    # Tabs used consistently: Python 3 reads them.
    Valid("import torch\ndef step(x):\n\tif x:\n\t\treturn torch.ones(2)\n\treturn None\n"),
    # Tabs in strings and comments, spaces in the indentation.
    Valid('import torch\nif True:\n    s = "a\\tb"  # \ttab\n    t = """\n\tkept\n    """\n'),
    # `print` as a method and an attribute; `print >> x` nowhere.
    Valid(
        """
        import torch
        class Logger:
            def print(self, *values):
                self.out.print(*values)
        Logger().print(torch.ones(1) >> 1)
        """
    ),
    # Python 3's `except ... as`, `raise E(v)`, `!=`, octal `0o777` and `exec(...)`.
    Valid(
        """
        import os, torch
        try:
            torch.load("x.pt")
        except (IOError, OSError) as error:
            raise RuntimeError("cannot load", error)
        os.chmod("x.pt", 0o777)
        if torch.__version__ != "0.3":
            exec("x = 1")
        """
    ),
    # `from __future__ import print_function`: `print (a, b)` is a call, nothing to do.
    Valid(
        """
        from __future__ import print_function
        import torch
        print ("a", torch.ones(1))
        """
    ),
]

INVALID = [
    # The print statement: values, `>>f`, alone, a trailing comma.
    Invalid(
        """
        import sys, torch
        x = torch.ones(2)
        print "x =", x
        print >>sys.stderr, "done", x.sum()
        print
        print x,
        """,
        """
        import sys, torch
        x = torch.ones(2)
        print("x =", x)
        print("done", x.sum(), file=sys.stderr)
        print()
        print(x, end=" ")
        """,
        message="`print` is a function in Python 3",
        line=3,
    ),
    # `print (a, b)` in a Python 2 file printed a tuple, and still does.
    Invalid(
        """
        import torch
        print "epoch"
        print ("loss", torch.ones(1))
        if True: print "one line"
        """,
        """
        import torch
        print("epoch")
        print(("loss", torch.ones(1)))
        if True: print("one line")
        """,
    ),
    # A statement over several lines, and `%` formatting.
    Invalid(
        """
        import torch
        for epoch in range(2):
            print "epoch %d: loss %.3f, accuracy %.2f" % (
                epoch, torch.rand(1).item(),
                0.5)
        """,
        """
        import torch
        for epoch in range(2):
            print("epoch %d: loss %.3f, accuracy %.2f" % (
                epoch, torch.rand(1).item(),
                0.5))
        """,
    ),
    # Indentation that mixes tabs and spaces: the tab is 8 columns, as Python 2 read it.
    Invalid(
        "import torch\ndef step(x):\n        y = x * 2\n\treturn torch.relu(y)\n",
        "import torch\ndef step(x):\n        y = x * 2\n        return torch.relu(y)\n",
        message="mixes tabs and spaces",
        line=4,
    ),
    # `except E, e:`, `raise E, v`, `<>`, `0777`, `10L`, backticks.
    Invalid(
        """
        import os, torch
        try:
            state = torch.load("model.pt")
        except IOError, error:
            raise RuntimeError, "no checkpoint: " + `error`
        if state <> None:
            os.chmod("model.pt", 0644)
            steps = 10L
        """,
        """
        import os, torch
        try:
            state = torch.load("model.pt")
        except IOError as error:
            raise RuntimeError("no checkpoint: " + repr(error))
        if state != None:
            os.chmod("model.pt", 0o644)
            steps = 10
        """,
        message="`except E, e:` is Python 2 only",
        line=4,
    ),
    # `exec code` and `ur"..."`.
    Invalid(
        """
        import torch
        exec "import torch.nn as nn"
        name = ur"model"
        """,
        """
        import torch
        exec("import torch.nn as nn")
        name = r"model"
        """,
    ),
    # The Python 2 names a converted script trips on at once: `xrange`, `d.iteritems()`, `cPickle`.
    Invalid(
        """
        import torch
        import cPickle
        for name, value in weights.iteritems():
            print name
        for step in xrange(10):
            torch.ones(step)
        """,
        """
        import torch
        import pickle as cPickle
        for name, value in weights.items():
            print(name)
        for step in range(10):
            torch.ones(step)
        """,
        message="`cPickle` is `pickle` in Python 3",
        line=2,
    ),
    # ... unless the file binds them itself: its own `xrange` is left alone.
    Invalid(
        """
        import torch
        try:
            xrange
        except NameError:
            xrange = range
        for step in xrange(10): print step
        """,
        """
        import torch
        try:
            xrange
        except NameError:
            xrange = range
        for step in xrange(10): print(step)
        """,
    ),
    # Python 2's `range` took ints only, so a `/` whose result is its argument divided two ints: `//`.
    # A `/` in a call or subscript inside the argument, or beside a comparison, is left as it is.
    Invalid(
        """
        import torch
        half = len(batch) / 2
        for step in xrange(half / 2, (n - 1) / 2):
            print step
        for step in xrange(int(size / 3.0)):
            torch.ones(step)
        for step in range(n / 2 if n > 4 else n):
            torch.ones(step)
        """,
        """
        import torch
        half = len(batch) / 2
        for step in range(half // 2, (n - 1) // 2):
            print(step)
        for step in range(int(size / 3.0)):
            torch.ones(step)
        for step in range(n / 2 if n > 4 else n):
            torch.ones(step)
        """,
        message="`/` of two ints was floor division in Python 2",
        line=3,
    ),
]
