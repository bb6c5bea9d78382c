"""The test suite; its folders mirror the source's."""

from pathlib import Path

# The repository's root, for tests that read the corpus, the docs or the sources.
ROOT = Path(__file__).resolve().parent.parent
