"""Linear algebra routines of ChainerX (``chainerx.linalg``)."""
from chainerx._routines.linalg import cholesky
from chainerx._routines.linalg import eigh
from chainerx._routines.linalg import eigvalsh
from chainerx._routines.linalg import inv
from chainerx._routines.linalg import pinv
from chainerx._routines.linalg import qr
from chainerx._routines.linalg import solve
from chainerx._routines.linalg import svd
