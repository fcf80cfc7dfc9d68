"""The routines of ChainerX, grouped by kind; :mod:`chainerx` re-exports the public ones."""
