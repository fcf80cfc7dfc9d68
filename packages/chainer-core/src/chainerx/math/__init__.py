"""Mathematical routines written in terms of other routines (``chainerx.math``)."""
