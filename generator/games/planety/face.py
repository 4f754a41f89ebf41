"""Planety's declaration (face.toml beside this file): commands, options, outputs, `all` jobs."""

from __future__ import annotations

from generator.face import Face, load

FACE: Face = load(__file__.rsplit(".", 1)[0] + ".toml")
