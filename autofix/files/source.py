"""Bytes <-> text for Python source, so that what we write back differs only where a fix changed it.

Encoding follows PEP 263 (coding cookie) and the UTF-8 BOM; newlines are left inside the text
untouched (libcst reproduces CRLF and mixed endings itself), so nothing here needs to know about them.
"""

from __future__ import annotations

import codecs
import io
import re
import tokenize
from dataclasses import dataclass


def may_use_torch(text: str) -> bool:
    """The plain-text pre-filter of every rule: a file that mentions torch. A star import may bring
    `torch` in unnamed."""
    return "torch" in text or "import *" in text


def may_use_torch_bytes(data: bytes) -> bool:
    """:func:`may_use_torch` on a file's bytes (source encodings are ASCII-compatible)."""
    return b"torch" in data or b"import *" in data


# A GPU named in code, not only in prose: `'cuda'`, `"cuda:0"`, `use_cuda`, `--gpu`, `args.cuda`,
# `num_gpus` (a comment's "on the GPU" does not count, so most such files stay unparsed).
_GPU_IN_CODE = re.compile(r"(?i)[\w.'\"-](?:cuda|gpu)|(?:cuda|gpu)[\w'\"]")
_GPU_IN_CODE_BYTES = re.compile(_GPU_IN_CODE.pattern.encode())
# Files of another GPU framework name CUDA for their own reasons (`from numba import cuda`).
_OTHER_FRAMEWORK = re.compile(
    r"\b(?:tensorflow|keras|jax|cupy|numba|pycuda|mxnet|paddle|chainer|theano|mindspore|oneflow)\b"
)
_OTHER_FRAMEWORK_BYTES = re.compile(_OTHER_FRAMEWORK.pattern.encode())


def may_choose_gpu(text: str) -> bool:
    """A file that never mentions torch but may choose its GPU: a config module's ``--device`` option
    defaulting to ``"cuda"``, ``USE_CUDA = True``, ``args.cuda = True``, which the training script
    then reads. Only the rules that say so (``Rule.reads_torch_free``) run on such a file."""
    return _GPU_IN_CODE.search(text) is not None and _OTHER_FRAMEWORK.search(text) is None


# A Python 2 print statement at the start of a line (`print "x"`, `print x`, `print >>f`): a module of a
# Python 2 project that never mentions torch (a helper its training script imports) is read for DEV022.
_PYTHON2_PRINT = re.compile(r"^[ \t]*print(?:[ \t]+[\w\"'\[{`]|[ \t]*>>)", re.MULTILINE)
_PYTHON2_PRINT_BYTES = re.compile(_PYTHON2_PRINT.pattern.encode(), re.MULTILINE)


def may_be_python2(text: str) -> bool:
    """A file that may be Python 2: a print statement starts one of its lines. Only the rules that say so
    (``Rule.reads_python2``) run on such a file that never mentions torch."""
    return "print" in text and _PYTHON2_PRINT.search(text) is not None


def worth_parsing(data: bytes) -> bool:
    """Whether a file's bytes are parsed at all: it may use torch, may choose its GPU, or may be Python 2."""
    return (
        may_use_torch_bytes(data)
        or (_GPU_IN_CODE_BYTES.search(data) is not None and _OTHER_FRAMEWORK_BYTES.search(data) is None)
        or (b"print" in data and _PYTHON2_PRINT_BYTES.search(data) is not None)
    )


class SourceError(Exception):
    """A file we must leave alone; the message is the one line the user sees."""


@dataclass(frozen=True)
class DecodedSource:
    text: str
    encoding: str
    bom: bool

    def encode(self, text: str) -> bytes:
        try:
            data = text.encode(self.encoding)
        except UnicodeEncodeError as exc:
            raise SourceError(f"the fix does not fit the file's encoding {self.encoding}: {exc}") from exc
        return (codecs.BOM_UTF8 + data) if self.bom else data


def decode(data: bytes) -> DecodedSource:
    if b"\0" in data[:8192]:
        raise SourceError("binary file (contains NUL bytes)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError(f"cannot decode: {exc}") from exc
    bom = data.startswith(codecs.BOM_UTF8)
    if bom:
        data = data[len(codecs.BOM_UTF8) :]
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        raise SourceError(f"cannot decode as {encoding}: {exc}") from exc
    return DecodedSource(text, encoding, bom)
