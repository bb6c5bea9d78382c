"""Bytes <-> text for Python source, so that what we write back differs only where a fix changed it.

Encoding follows PEP 263 (coding cookie) and the UTF-8 BOM; newlines are left inside the text
untouched (libcst reproduces CRLF and mixed endings itself), so nothing here needs to know about them.
"""

from __future__ import annotations

import codecs
import io
import tokenize
from dataclasses import dataclass


def may_use_torch(text: str) -> bool:
    """The plain-text pre-filter: only such files are parsed. A star import may bring `torch` in unnamed."""
    return "torch" in text or "import *" in text


def may_use_torch_bytes(data: bytes) -> bool:
    """:func:`may_use_torch` on a file's bytes (source encodings are ASCII-compatible)."""
    return b"torch" in data or b"import *" in data


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
