import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.utils._scatter import scatter_add
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.functions.connection.embed_id import embed_id
from chainer.utils import argument
from chainer.utils import type_check


def _signs(xp, n_samples, dtype):
    # the first column holds the positive example (its score enters negated)
    s = xp.ones(n_samples, dtype)
    s[0] = -1
    return s


class NegativeSamplingFunction(function_node.FunctionNode):
    """Negative sampling loss (inputs ``x``, ``t``, ``W``); samples drawn in forward."""

    ignore_label = -1
    samples = None

    def __init__(self, sampler, sample_size, reduce='sum'):
        self.sampler = sampler
        self.sample_size = sample_size
        check_reduce(reduce, ('sum', 'no'))
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't', 'W'))
        x_type, t_type, w_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2,
            t_type.dtype == numpy.int32,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
            w_type.dtype == x_type.dtype,
            w_type.ndim == 2,
            w_type.shape[1] == x_type.shape[1],
        )

    def _make_samples(self, xp, t):
        # one draw of ``sample_size + 1`` ids per row whose first column becomes the target,
        # as Chainer v7 draws (so that a seed gives v7's samples)
        samples = xp.array(self.sampler((len(t), self.sample_size + 1)))
        samples[:, 0] = t
        return samples

    def forward(self, inputs):
        self.retain_inputs((0, 2))
        x, t, W = inputs
        xp = backend.get_array_module(x)
        dtype = x.dtype
        self.ignore_mask = t != self.ignore_label
        self.samples = self._make_samples(xp, t)
        # ignored rows index row 0 of W; their loss and gradients are masked out
        self._indices = xp.where(self.ignore_mask[:, None], self.samples, 0)
        w = W[self._indices]
        wx = xp.einsum('nd,nkd->nk', x, w)
        wx *= _signs(xp, wx.shape[1], dtype)
        # -log sigmoid(-s wx) = log(1 + exp(s wx))
        loss = xp.logaddexp(wx, dtype.type(0)).sum(axis=1)
        loss *= self.ignore_mask
        if self.reduce == 'sum':
            loss = loss.sum()
        return utils.force_array(loss, dtype),

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        gx, gW = NegativeSamplingFunctionGrad(
            self.reduce, self.ignore_mask, self._indices).apply((x, W, gy))
        ret = []
        for i in indexes:
            ret.append(gx if i == 0 else gW if i == 2 else None)
        return ret


class NegativeSamplingFunctionGrad(function_node.FunctionNode):
    """Gradients of :class:`NegativeSamplingFunction` (inputs ``x``, ``W``, ``gy``)."""

    def __init__(self, reduce, ignore_mask, samples):
        self.reduce = reduce
        self.ignore_mask = ignore_mask
        self.samples = samples

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x, W, gy = inputs
        xp = backend.get_array_module(x)
        dtype = x.dtype
        w = W[self.samples]
        wx = xp.einsum('nd,nkd->nk', x, w)
        s = _signs(xp, wx.shape[1], dtype)
        # d/du log(1 + exp(s u)) = s sigmoid(s u)
        c = _sigmoid(wx * s) * s
        g = self.ignore_mask * gy
        c *= g.astype(dtype, copy=False)[:, None]
        gx = xp.einsum('nk,nkd->nd', c, w)
        gW = xp.zeros_like(W)
        scatter_add(gW, self.samples, c[:, :, None] * x[:, None, :])
        return utils.force_array(gx, dtype), gW

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, W, gy = self.get_retained_inputs()
        ggx, ggW = grad_outputs
        xp = backend.get_array_module(x)
        dtype = x.dtype
        n, k = self.samples.shape
        d = x.shape[1]
        samples = self.samples
        s = xp.broadcast_to(_signs(xp, k, dtype), (n, k))
        mask = self.ignore_mask.astype(dtype)

        w = embed_id(samples, W)                                   # (n, k, d)
        xb = F.broadcast_to(F.expand_dims(x, 1), (n, k, d))
        sig = F.sigmoid(F.sum(w * xb, axis=2) * s)
        c = sig * s                                                # d loss / d score
        dc = sig * (1 - sig)                                       # d c / d score
        g = F.broadcast_to(gy, (n,)) * mask                        # (n,)

        # pq = ggx . w + ggW[samples] . x, the directional derivative of each score
        pq = None
        if ggx is not None:
            pq = F.sum(F.broadcast_to(F.expand_dims(ggx, 1), (n, k, d)) * w, axis=2)
        ggw = None
        if ggW is not None:
            ggw = embed_id(samples, ggW)
            q = F.sum(ggw * xb, axis=2)
            pq = q if pq is None else pq + q
        if pq is None:
            return (None,) * len(indexes)

        ret = []
        for i in indexes:
            if i == 2:
                ggy = F.sum(c * pq, axis=1) * mask
                ret.append(F.sum(ggy) if self.reduce == 'sum' else ggy)
                continue
            gb = F.broadcast_to(F.reshape(g, (n, 1, 1)), (n, k, d))
            coef = F.broadcast_to(F.expand_dims(dc * pq, 2), (n, k, d))
            cb = F.broadcast_to(F.expand_dims(c, 2), (n, k, d))
            if i == 0:
                t = coef * w
                if ggw is not None:
                    t = t + cb * ggw
                ret.append(F.sum(gb * t, axis=1))
            else:
                t = coef * xb
                if ggx is not None:
                    t = t + cb * F.broadcast_to(F.expand_dims(ggx, 1), (n, k, d))
                zeros = xp.zeros(W.shape, dtype)
                ret.append(F.scatter_add(zeros, samples, gb * t))
        return ret


def negative_sampling(x, t, W, sampler, sample_size, reduce='sum', **kwargs):
    """Negative sampling loss (word2vec).

    For each sample ``n`` the loss is ``-log sigmoid(x_n . W[t_n]) -
    sum_j log sigmoid(-x_n . W[j])`` over ``sample_size`` negatives ``j`` drawn by
    ``sampler``. Samples with ``t_n == -1`` are ignored.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input vectors ``(N, D)``.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): int32 labels ``(N,)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Label embeddings ``(V, D)``.
        sampler (callable): ``sampler(shape)`` returns an int array of label ids of that
            shape (e.g. ``chainer.utils.WalkerAlias(...).sample``).
        sample_size (int): Number of negatives per sample.
        reduce (str): ``'sum'`` (default; a scalar) or ``'no'`` (losses of shape ``(N,)``).
        return_samples (bool): Keyword only. Also return the samples: an int array of shape
            ``(N, sample_size + 1)`` whose first column is ``t``.

    Returns:
        ~chainer.Variable or tuple: The loss, or ``(loss, samples)``.

    .. admonition:: Example

        >>> x = np.array([[1, 0], [0, 1]], np.float32)  # (batch, unit)
        >>> W = np.array([[0, 0], [2, 0], [0, 2]], np.float32)  # (vocabulary, unit)
        >>> t = np.array([1, 2], np.int32)
        >>> def sampler(shape):  # always draws word 0 as the negative sample
        ...     return np.zeros(shape, np.int32)
        >>> loss = F.negative_sampling(x, t, W, sampler, sample_size=1)
        >>> print(np.round(loss.array, 4))
        1.6402
        >>> F.negative_sampling(x, t, W, sampler, sample_size=1, reduce='no').shape
        (2,)
    """
    return_samples, = argument.parse_kwargs(kwargs, ('return_samples', False))
    func = NegativeSamplingFunction(sampler, sample_size, reduce)
    out = func.apply((x, t, W))[0]
    if return_samples:
        return out, func.samples
    return out
