from autofix.cli import main

main()
