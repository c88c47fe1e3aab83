"""`python -m spellcard` is the `spellcard` command."""
from spellcard.cli.main import main

main()
