"""Pages for people who don't use a terminal: a static gallery of an output folder and a local web app."""
