import chainer
from chainer import backend
from chainer import variable


def _l1_norm(F, v, axis):
    return F.sum(F.absolute(v), axis=axis)


def _l2_norm(F, v, axis):
    # sqrt(sum(v ** 2)) with a zero (not NaN) gradient where the norm is zero
    xp = backend.get_array_module(v)
    sq = F.sum(v * v, axis=axis)
    nonzero = sq.array > 0
    safe = F.where(nonzero, sq, xp.ones_like(sq.array))
    return F.sqrt(safe) * nonzero.astype(sq.dtype)


class DiscriminativeMarginBasedClusteringLoss:
    """Discriminative margin-based clustering loss (De Brabandere et al., 2017).

    Embeddings of the pixels of one instance are pulled towards their mean (variance term,
    hinged at ``delta_v``), the means of different instances are pushed apart (distance
    term, hinged at ``2 * delta_d``) and the means are kept small (regularization term).

    Instances are the label values ``1 .. max_embedding_dim`` (0 is background); their
    means are taken per image. As in v7, an instance slot's variance term is averaged over
    its pixels in the whole batch, then over the slots; the distance term over the pairs of
    slots and the batch; the regularization term is the norm of a slot's means taken over
    the batch and embedding axes together, averaged over the slots and the batch. Absent
    instances contribute zero to the variance and regularization terms and have a zero
    mean.

    Args:
        delta_v (float): Margin of the variance term.
        delta_d (float): Margin of the distance term.
        max_embedding_dim (int): Maximum number of instances in an image (v7's name).
        norm (int): 1 (L1, default) or 2 (L2) norm of embedding differences.
        alpha (float): Weight of the variance term.
        beta (float): Weight of the distance term.
        gamma (float): Weight of the regularization term.
    """

    def __init__(self, delta_v=0.5, delta_d=1.5, max_embedding_dim=10, norm=1,
                 alpha=1.0, beta=1.0, gamma=0.001):
        self.delta_v = delta_v
        self.delta_d = delta_d
        self.alpha = alpha
        self.beta = beta
        self.gamma = gamma
        self.max_embedding_dim = max_embedding_dim
        if norm == 1:
            self.norm = _l1_norm
        elif norm == 2:
            self.norm = _l2_norm
        else:
            raise ValueError('For discriminative loss, norm can only be 1 or 2. '
                             'Obtained the value : {}'.format(norm))

    def __call__(self, embeddings, labels):
        """Computes the three loss terms.

        Args:
            embeddings (:class:`~chainer.Variable` or :ref:`ndarray`): Predicted embeddings
                ``(B, D, H, W)``.
            labels (:ref:`ndarray`): Instance ids ``(B, H, W)`` (0 is background).

        Returns:
            tuple of ~chainer.Variable: ``(alpha * variance term, beta * distance term,
            gamma * regularization term)``.
        """
        F = chainer.functions
        if isinstance(labels, variable.Variable):
            labels = labels.array
        # (labels above max_embedding_dim are ignored as the background is, as v7)
        n_inst = self.max_embedding_dim
        xp = backend.get_array_module(labels)
        emb = chainer.as_variable(embeddings)
        dtype = emb.dtype
        b, d, h, w = emb.shape
        shape = (n_inst, b, d, h, w)

        masks = xp.stack([labels == c + 1 for c in range(n_inst)]).astype(dtype)  # (C,B,H,W)
        counts = xp.maximum(masks.sum(axis=(2, 3)), 1)                             # (C,B)
        embb = F.broadcast_to(F.expand_dims(emb, 0), shape)
        mbb = xp.broadcast_to(masks[:, :, None], shape)
        means = F.sum(embb * mbb, axis=(3, 4)) / counts[:, :, None]               # (C,B,D)

        # variance term: pixels farther than delta_v from their instance mean, averaged
        # over the instance's pixels in the whole batch
        diff = F.broadcast_to(F.reshape(means, (n_inst, b, d, 1, 1)), shape) - embb
        dist = self.norm(F, diff, 2)                                                # (C,B,H,W)
        hinge = F.relu(dist - self.delta_v)
        batch_counts = xp.maximum(masks.sum(axis=(1, 2, 3)), 1)                    # (C,)
        per_inst = F.sum(hinge * hinge * masks, axis=(1, 2, 3)) / batch_counts
        l_var = F.sum(per_inst) / n_inst

        # distance term: pairs of instance means closer than 2 * delta_d
        l_dist = 0
        n_pairs = 0
        for c_a in range(n_inst):
            for c_b in range(c_a + 1, n_inst):
                dist = self.norm(F, means[c_a] - means[c_b], 1)                   # (B,)
                hinge = F.relu(2 * self.delta_d - dist)
                l_dist = l_dist + F.sum(hinge * hinge)
                n_pairs += 1
        if n_pairs:
            l_dist = l_dist / (n_pairs * b)
        else:
            l_dist = chainer.Variable(xp.zeros((), dtype), requires_grad=False)

        # regularization term: the norm of each slot's means over the batch and embedding
        l_reg = F.sum(self.norm(F, means, (1, 2))) / (n_inst * b)
        return self.alpha * l_var, self.beta * l_dist, self.gamma * l_reg


def discriminative_margin_based_clustering_loss(
        embeddings, labels, delta_v, delta_d, max_embedding_dim, norm=1,
        alpha=1.0, beta=1.0, gamma=0.001):
    """Discriminative margin-based clustering loss for instance segmentation.

    See :class:`DiscriminativeMarginBasedClusteringLoss` for the definition.

    Args:
        embeddings (:class:`~chainer.Variable` or :ref:`ndarray`): Predicted embeddings
            ``(B, D, H, W)``.
        labels (:ref:`ndarray`): Instance ids ``(B, H, W)``; 0 is background and the
            instances are ``1 .. max_embedding_dim``.
        delta_v (float): Margin of the variance term.
        delta_d (float): Margin of the distance term.
        max_embedding_dim (int): Maximum number of instances in an image (v7's name).
        norm (int): 1 (L1) or 2 (L2).
        alpha (float): Weight of the variance term.
        beta (float): Weight of the distance term.
        gamma (float): Weight of the regularization term.

    Returns:
        tuple of ~chainer.Variable: ``(variance term, distance term, regularization term)``,
        each multiplied by its weight.

    .. admonition:: Example

        >>> embeddings = np.array([[[[0, 0, 4, 4]], [[0, 1, 0, 1]]]], np.float32)  # (1, 2, 1, 4)
        >>> labels = np.array([[[1, 1, 2, 2]]], np.int32)  # two instances of two pixels each
        >>> variance, distance, regularization = F.discriminative_margin_based_clustering_loss(
        ...     embeddings, labels, 0.5, 5, 2)  # delta_v=0.5, delta_d=5, 2 instances at most
        >>> variance.array  # every pixel lies within delta_v of its instance mean
        array(0., dtype=float32)
        >>> distance.array  # the means are 4 apart (L1): (2 * delta_d - 4) ** 2
        array(36., dtype=float32)
        >>> print(np.round(regularization.array, 4))
        0.0025
    """
    loss = DiscriminativeMarginBasedClusteringLoss(
        delta_v, delta_d, max_embedding_dim, norm, alpha, beta, gamma)
    return loss(embeddings, labels)
