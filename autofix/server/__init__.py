"""``autofix server``: findings and fixes in the editor, over the Language Server Protocol.

The command itself (:mod:`autofix.server.command`) needs nothing beyond the fixer's own dependencies; the
server (:mod:`autofix.server.server`) is built on pygls and lsprotocol, installed by the ``[server]`` extra
and imported only when the command runs. Every finding and fix comes from the engine exactly as ``autofix
check --force-exclude FILE`` and ``autofix apply --force-exclude FILE`` compute them
(:mod:`autofix.server.analysis`); :mod:`autofix.server.documents` keeps the editor's text, and
:mod:`autofix.server.lsp` turns findings and fixes into LSP diagnostics and workspace edits.
"""
