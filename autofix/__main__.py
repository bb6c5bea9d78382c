from autofix.commands.cli import main

main()
