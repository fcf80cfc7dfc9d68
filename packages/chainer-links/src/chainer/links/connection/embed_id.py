"""Embedding layer (``EmbedID``)."""
from chainer.functions.connection import embed_id
from chainer import initializers
from chainer import link
from chainer.links import _parameters
from chainer import variable


class EmbedID(link.Link):
    """Embedding layer: maps integer IDs to rows of a learnable matrix (wraps
    :func:`~chainer.functions.embed_id`).

    Args:
        in_size (int): Number of IDs (rows of ``W``).
        out_size (int): Dimension of the embedding vectors.
        initialW: Initializer of ``W`` (``Normal(1.0)`` by default).
        ignore_label (int or None): ID whose embedding is a zero vector (with no gradient).

    Attributes:
        W (~chainer.Parameter): ``(in_size, out_size)`` embedding matrix.
        ignore_label (int or None): The ignored ID.
    """

    ignore_label = None

    def __init__(self, in_size, out_size, initialW=None, ignore_label=None):
        super().__init__()
        self.ignore_label = ignore_label
        with self.init_scope():
            self.W = _parameters.weight_parameter(
                initialW, (in_size, out_size), default=initializers.Normal(1.0))

    @classmethod
    def from_params(cls, W, ignore_label=None):
        """Builds an embedding layer whose matrix is a copy of ``W``.

        Args:
            W (~chainer.Variable or array): ``(in_size, out_size)`` embedding matrix.
            ignore_label (int or None): The ignored ID.
        """
        in_size, out_size = W.shape
        return cls(in_size, out_size, initialW=variable.as_array(W),
                   ignore_label=ignore_label)

    def forward(self, x):
        """Returns the embeddings of the IDs ``x`` (an ``int`` array of any shape)."""
        return embed_id.embed_id(x, self.W, ignore_label=self.ignore_label)
