"""Array manipulation routines (``chainerx.manipulation``)."""
