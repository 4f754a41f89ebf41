try:  # a Ctrl-C while the modules load is one line, not a KeyboardInterrupt traceback
    from generator.cli import main
except KeyboardInterrupt:
    import sys

    sys.stderr.write("interrupted\n")
    sys.exit(130)

main()
