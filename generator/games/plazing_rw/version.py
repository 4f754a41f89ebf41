"""The roll&write engine's version, in a module of its own so that the data files measured with one
engine (data/reference.toml, data/predictor.toml) are checked without loading the compiled engine.

Bump when a change alters what the bots play or score (the stored reference means of boards 1-4 are
measured with one engine version; bench/bench_plazing_rw_reference.py).
"""

ENGINE_VERSION = "2"
