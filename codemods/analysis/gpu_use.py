"""Does this file ever put work on a GPU? Read from its code, not its comments.

A host sync only costs something when a device runs the work, so rules about syncs ask first.
The answer is no when the code never names CUDA, a GPU or MPS and never mentions a device, or when the
only devices it names are the CPU (``device = torch.device("cpu")``, with the GPU line left in a
comment). Anything else may run on a GPU.
"""

from __future__ import annotations

import io
import re
import tokenize
from functools import lru_cache

import libcst as cst
import libcst.matchers as m

from codemods.core.syntax import code_of
from codemods.core.tree import Tree

_GPU = re.compile(r"cuda|gpu|GPU|\bmps\b")  # `to_gpu(x)`, `args.gpu`, `use_gpu`: a GPU in the code
_DEVICE = re.compile(r"device")
_CPU = m.SimpleString(value=m.MatchRegex(r"""^[rbuRBU]*['"]cpu['"]$"""))
_CPU_DEVICE = _CPU | m.Call(
    func=m.Attribute(attr=m.Name("device")) | m.Name("device"), args=[m.Arg(value=_CPU)]
)


def may_use_a_gpu(tree: Tree, source: str) -> bool:
    gpu, device = _code_mentions(source)
    if gpu:
        return True
    if not device:
        return False
    return not _only_cpu_devices(tree)


def _only_cpu_devices(tree: Tree) -> bool:
    """Every binding of a name with ``device`` in it is the CPU, and no parameter is such a name."""
    bound = False
    for node in tree.of_type(tree.root, (cst.Assign, cst.Param, cst.AnnAssign)):
        if isinstance(node, cst.Param):
            if "device" in node.name.value:
                return False
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        if not any("device" in code_of(t) for t in targets):
            continue
        if len(targets) != 1 or node.value is None or not m.matches(node.value, _CPU_DEVICE):
            return False
        bound = True
    return bound


# A pure function's memo, not state: every pass over a file asks about the same text again.
@lru_cache(maxsize=1)
def _code_mentions(source: str) -> tuple[bool, bool]:
    """Whether the code outside comments matches ``_GPU``, and ``_DEVICE``; the source as a whole where it
    does not tokenize. Each pattern matches within one token (no spaces, and ``\\b`` holds at a token's
    edges), so this is a search of the tokens joined by spaces, stopped as soon as the answer is known."""
    return _scan(source)


def _scan(source: str) -> tuple[bool, bool]:
    want_gpu = _GPU.search(source) is not None
    want_device = _DEVICE.search(source) is not None
    if not want_gpu and not want_device:
        return False, False
    device = False
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                continue
            text = token.string
            if want_gpu and _GPU.search(text):
                return True, device or _DEVICE.search(text) is not None
            if not device and want_device and _DEVICE.search(text):
                device = True
                if not want_gpu:
                    return False, True
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return want_gpu, want_device
    return False, device
