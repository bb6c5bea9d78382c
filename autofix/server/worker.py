"""What the language server's worker processes run: :func:`autofix.files.fix_file.process_item`,
reusing the pieces parsed for the file's last version (:func:`autofix.engine.pieces.reusing_pieces`).

An editor sends the same file again and again, a few characters changed each time; parsing is about half of
an analysis, and on a 2,000-line file an edit leaves all but one or two of its pieces as they were.
"""

from __future__ import annotations

from autofix.engine.pieces import PieceCache, reusing_pieces
from autofix.files.fix_file import FileResult, Task
from autofix.files.fix_file import process_item as process_file

PIECES = PieceCache()  # one per worker process


def process_item(item: tuple[Task, bytes]) -> tuple[FileResult, bytes | None]:
    task, _ = item
    with reusing_pieces(PIECES, task.path):  # any mode: the first parse is of the same text
        return process_file(item)
