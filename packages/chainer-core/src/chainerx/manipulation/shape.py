"""Shape manipulation: :func:`ravel`."""
from chainerx._routines.manipulation import ravel  # noqa: F401
