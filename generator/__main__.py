from generator.cli import app

app(prog_name="boardgen")
