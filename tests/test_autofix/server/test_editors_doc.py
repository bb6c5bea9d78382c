"""docs/editors.md: each editor's snippet parses (or runs), names the command ``autofix`` has, and the
action kind the server offers."""

from __future__ import annotations

import json
import re
import sys

import pytest
from click.testing import CliRunner

from autofix.commands.cli import main
from tests import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DOC = (ROOT / "docs" / "editors.md").read_text()
FIX_ALL = "source.fixAll.autofix"  # the kind autofix.server.lsp offers (tests/test_autofix/server/test_server.py checks it there)


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC, re.MULTILINE | re.DOTALL)


def assert_runs_the_server(command: list[str]) -> None:
    """The command line a snippet starts: the console script this package installs, with arguments that
    ``autofix`` accepts."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert command[0] in scripts and scripts[command[0]] == "autofix.commands.cli:main"
    result = CliRunner().invoke(main, [*command[1:], "--help"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: main server") or "Run the language server" in result.output


def test_vs_code_settings() -> None:
    (block,) = blocks("json")
    settings = json.loads(block)
    assert_runs_the_server([settings["glspc.server.command"], *settings["glspc.server.commandArguments"]])
    assert settings["glspc.server.languageId"] == ["python"]
    assert settings["editor.codeActionsOnSave"] == {FIX_ALL: "explicit"}


def test_helix_languages_toml() -> None:
    (block,) = blocks("toml")[-1:]
    config = tomllib.loads(block)
    server = config["language-server"]["autofix"]
    assert_runs_the_server([server["command"], *server["args"]])
    (python,) = [language for language in config["language"] if language["name"] == "python"]
    assert "autofix" in python["language-servers"]


def test_neovim_snippets_run() -> None:
    """Both Lua snippets, run by a real Lua interpreter against a stand-in for Neovim's API that records
    what they configure."""
    lupa = pytest.importorskip("lupa")
    lua = lupa.LuaRuntime(unpack_returned_tuples=True)
    stub = lua.execute(
        """
        local seen = { configs = {}, enabled = {}, keymaps = {}, actions = {}, setups = {} }
        vim = {
          lsp = {
            config = function(name, config) seen.configs[name] = config end,
            enable = function(name) table.insert(seen.enabled, name) end,
            buf = { code_action = function(options) table.insert(seen.actions, options) end },
          },
          keymap = { set = function(mode, lhs, callback, options) table.insert(seen.keymaps, callback) end },
        }
        local configs = {}
        local modules = {
          ['lspconfig.configs'] = configs,
          ['lspconfig.util'] = { root_pattern = function(...) return { ... } end },
          ['lspconfig'] = setmetatable({}, { __index = function(_, name)
            return { setup = function(options) seen.setups[name] = configs[name] end }
          end }),
        }
        require = function(name) return modules[name] end
        return seen
        """
    )
    new, old = blocks("lua")
    lua.execute(new)
    config = stub.configs["autofix"]
    assert_runs_the_server(list(config.cmd.values()))
    assert list(config.filetypes.values()) == ["python"]
    assert list(stub.enabled.values()) == ["autofix"]
    stub.keymaps[1]()  # the fix-all mapping
    action = stub.actions[1]
    assert list(action.context.only.values()) == [FIX_ALL] and action.apply is True
    lua.execute(old)
    default = stub.setups["autofix"].default_config
    assert_runs_the_server(list(default.cmd.values()))
    assert list(default.root_dir.values()) == ["pyproject.toml", ".git"]
