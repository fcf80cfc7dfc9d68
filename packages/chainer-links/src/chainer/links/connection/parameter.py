"""Link holding a single parameter (``Parameter``)."""
from chainer.functions.math import identity
from chainer import link


class Parameter(link.Link):
    """Link that holds one array as its parameter ``W`` and returns it when called.

    Args:
        array (:ref:`ndarray`): The initial array of the parameter (held, not copied).

    Attributes:
        W (~chainer.Parameter): The parameter.
    """

    def __init__(self, array):
        super().__init__()
        self.add_param('W', array.shape, dtype=array.dtype)
        self.W.array = array

    def forward(self, volatile='off'):
        """Returns the parameter through an identity function (so that its gradient flows).

        Args:
            volatile: Ignored (kept for compatibility with Chainer v1).
        """
        return identity.identity(self.W)
