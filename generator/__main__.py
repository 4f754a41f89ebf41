"""`python -m generator`: the console script's entry (generator.entry handles a Ctrl-C from its first
instruction, before the CLI's modules load)."""

from generator.entry import main

main()
