"""The command line: ``autofix`` and its subcommands, and how a run stops on a signal."""
