"""The test suite; its folders mirror the source's."""

from pathlib import Path

# The repository's root, for tests that read the corpus, the docs or the sources.
ROOT = Path(__file__).resolve().parent.parent


def parses(path: Path) -> bool:
    """Whether the file at ``path`` is Python 3 that libcst reads as it is: not one of DEV022's Python 2
    corpus cases and probes, which only the text fixes made before parsing make readable."""
    try:
        compile(path.read_bytes(), str(path), "exec", flags=0x400, dont_inherit=True)  # PyCF_ONLY_AST
    except (SyntaxError, ValueError):
        return False
    return True
