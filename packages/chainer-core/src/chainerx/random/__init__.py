"""Random sampling of ChainerX arrays (``chainerx.random``), drawn with NumPy's global RNG."""
from chainerx.random.distributions import normal
from chainerx.random.distributions import uniform
