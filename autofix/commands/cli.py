"""The ``autofix`` command line: apply, check, rules, explain, verify, run, migrate."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from autofix import __version__
from autofix.commands.run import Run, UsageProblem, common_options
from autofix.files.fix_file import DIFF, DRY_RUN, FIX, LINT
from autofix.output.formats import print_whole


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="autofix")
def main() -> None:
    """Find and fix PyTorch device and dtype mistakes."""


@main.command()
@common_options
@click.option("--diff", "show_diff", is_flag=True, help="Print a diff of the fixes; write nothing.")
@click.option("--check", "check_only", is_flag=True, help="Write nothing; exit 1 if any file would change.")
def apply(show_diff: bool, check_only: bool, **options: object) -> None:
    """Rewrite files in place (or show the diff with --diff)."""
    mode = DIFF if show_diff else (DRY_RUN if check_only else FIX)
    if options["output_format"] != "text" and mode != DRY_RUN:
        raise UsageProblem("--output-format other than text needs apply --check (or the check command)")
    sys.exit(Run(mode, **options).execute())  # type: ignore[arg-type]


@main.command()
@common_options
def check(**options: object) -> None:
    """Report findings as path:line:col: CODE message [*]; write nothing."""
    sys.exit(Run(LINT, **options).execute())  # type: ignore[arg-type]


def _set_help(command: click.Command, name: str, text: str | None) -> None:
    """Give ``command``'s shared option ``name`` its own help, or hide it from the help (None)."""
    for param in command.params:
        if param.name == name and isinstance(param, click.Option):
            param.help = text
            param.hidden = text is None


# check writes nothing: the shared options' help ("also apply ...", "rewrite read-only files") would
# promise what it does not do. --force stays accepted (a shared config or alias may pass it), unlisted.
_set_help(
    check, "unsafe_fixes", "Count unsafe fixes as available: mark them [*], not [*unsafe]. Writes nothing."
)
_set_help(check, "force", None)


@main.command("rules")
def rules_command() -> None:
    """List every rule."""
    from rich.table import Table

    from codemods import all_rules

    table = Table(title="torch-autofix rules")
    for column in ("Code", "Name", "Fix", "Summary"):
        table.add_column(column)
    for rule in all_rules():
        table.add_row(rule.code, rule.name, rule.fix_safety.value, rule.summary)
    print_whole(Console(soft_wrap=False), table)


@main.command()
@click.argument("code", metavar="CODE_OR_NAME")
def explain(code: str) -> None:
    """Print a rule's documentation (by code, DEV001, or name, input-not-on-device)."""
    from codemods import all_rules, rules_by_code

    # The name also as Fixit spells it (InputNotOnDevice, see autofix.fixit) or with underscores.
    def plain(name: str) -> str:
        return name.lower().replace("-", "").replace("_", "")

    rule = rules_by_code().get(code.upper()) or {plain(r.name): r for r in all_rules()}.get(plain(code))
    if rule is None:
        known = ", ".join(f"{r.code} ({r.name})" for r in all_rules())
        raise UsageProblem(f"unknown rule code {code!r} (known codes and names: {known})")
    from rich.markdown import Markdown

    console = Console()
    heading = f"# {rule.code} ({rule.name})\n\nFix: **{rule.fix_safety.value}**\n\n"
    if console.is_terminal:
        console.print(Markdown(heading + rule.doc()))
    else:
        click.echo(heading + rule.doc())


def _add_harness_commands() -> None:
    # Imported here so that `autofix --help` lists them; they import torch only when they run.
    from autofix.harness.command import run, verify

    main.add_command(verify)
    main.add_command(run)


def _add_migrate() -> None:
    from autofix.migrate.command import migrate

    main.add_command(migrate)


def _add_server() -> None:
    # The command only: pygls is imported when `autofix server` runs (the [server] extra).
    from autofix.server.command import server

    main.add_command(server)


_add_harness_commands()
_add_migrate()
_add_server()
