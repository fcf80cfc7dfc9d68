"""Creation of ChainerX arrays from data, files, buffers and functions."""
from chainerx._routines.creation import asanyarray  # noqa: F401
from chainerx._routines.creation import fromfile  # noqa: F401
from chainerx._routines.creation import fromfunction  # noqa: F401
from chainerx._routines.creation import fromiter  # noqa: F401
from chainerx._routines.creation import fromstring  # noqa: F401
from chainerx._routines.creation import loadtxt  # noqa: F401
