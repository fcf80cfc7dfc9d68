"""Array creation routines implemented over NumPy data (``chainerx.creation``)."""
