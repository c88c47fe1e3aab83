"""`python -m spellcard` is the `spellcard` command."""
from spellcard.cli import main

main()
