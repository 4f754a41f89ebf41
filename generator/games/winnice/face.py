"""Winnice's declaration (face.toml beside this file): commands, options, outputs, `all` jobs."""

from __future__ import annotations

from pathlib import Path

from generator.face import Face, load

FACE: Face = load(str(Path(__file__).with_name("face.toml")))
