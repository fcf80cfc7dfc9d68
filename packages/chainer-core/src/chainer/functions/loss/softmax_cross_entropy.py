import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions._helpers.loss import check_reduce
from chainer.functions._helpers.loss import label_index
from chainer.functions._helpers.loss import wide_sum
from chainer.functions.activation.log_softmax import _log_softmax
from chainer.functions.activation.log_softmax import logsumexp
from chainer.utils import type_check


def _check_class_weight_option(class_weight):
    if class_weight is None:
        return
    if isinstance(class_weight, variable.Variable):
        raise ValueError('class_weight should be a numpy.ndarray or cupy.ndarray, '
                         'not a chainer.Variable')
    if class_weight.ndim != 1:
        raise ValueError('class_weight.ndim should be 1')
    if class_weight.dtype.kind != 'f':
        raise ValueError("The dtype of class_weight should be 'f'")


class SoftmaxCrossEntropy(function_node.FunctionNode):
    """Softmax cross-entropy of logits ``x`` and labels ``t`` (integer or soft targets).

    The class axis is axis 1. Integer labels are gathered from the log-softmax (no one-hot
    matrix is built); the gradient is ``softmax(x)`` scaled per sample, minus that scale at
    the label. Float ``t`` of the shape of ``x`` are soft targets.
    """

    eps = 1e-7
    _y = None
    _lse = None
    soft_target = False
    # v7: the backward of this node is not differentiable unless the function was called
    # with ``enable_double_backprop=True``
    _differentiable = False

    def __init__(self, normalize=True, cache_score=True, class_weight=None, ignore_label=-1,
                 reduce='mean', soft_target_loss='cross-entropy'):
        self.normalize = normalize
        self.cache_score = cache_score
        _check_class_weight_option(class_weight)
        self.class_weight = class_weight
        self.ignore_label = ignore_label
        check_reduce(reduce)
        self.reduce = reduce
        if soft_target_loss not in ('cross-entropy', 'kl-divergence'):
            raise ValueError("soft_target_loss must be 'cross-entropy' or 'kl-divergence'.")
        self.soft_target_loss = soft_target_loss

    @property
    def y(self):
        """The softmax of the input after forward when ``cache_score`` is on (as v7 keeps
        it), else None. For integer labels it is computed on first access."""
        if self._y is None and self.cache_score and self._lse is not None:
            x = self.inputs[0].data
            if x is not None:
                xp = backend.get_array_module(x)
                self._y = xp.exp(x - self._lse)
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        if type_check.eval(t_type.dtype.kind) == 'f':
            type_check.expect(
                x_type.dtype.kind == 'f',
                x_type.shape == t_type.shape,
            )
            return
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            t_type.ndim == x_type.ndim - 1,
            x_type.shape[0] == t_type.shape[0],
            x_type.shape[2:] == t_type.shape[1:],
        )

    # ----------------------------------------------------------------------------------------

    def _class_weight(self, dtype, n_class):
        w = self.class_weight
        if w is None:
            return None
        if w.shape != (n_class,):
            raise ValueError('class_weight.shape should be x.shape[1:2]')
        return w.astype(dtype, copy=False)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        dtype = x.dtype
        if t.dtype.kind == 'f':
            self.soft_target = True
            log_y = _log_softmax(x, axis=1)
            loss = self._soft_target_loss(xp, x, t.astype(dtype, copy=False), log_y)
            if self.cache_score:
                xp.exp(log_y, out=log_y)
                self.y = log_y
        else:
            # only the log-normalizer is kept (it is tiny); backward recomputes the softmax
            # from it with one subtraction and one exp, whatever ``cache_score`` says
            self._lse = logsumexp(x, 1)
            loss = self._hard_target_loss(xp, x, t, self._lse)
        return loss,

    def _soft_target_loss(self, xp, x, t, log_y):
        dtype = x.dtype
        if self.soft_target_loss == 'kl-divergence':
            loss = (t * (xp.log(t + dtype.type(self.eps)) - log_y)).sum(axis=1)
        else:
            loss = -(t * log_y).sum(axis=1)
        if self.reduce == 'mean':
            n = x.size // x.shape[1] if x.shape[1] else 0
            self._coeff = 1.0 / max(n, 1)
            return utils.force_array(wide_sum(loss) * dtype.type(self._coeff), dtype)
        return utils.force_array(loss, dtype)

    def _hard_target_loss(self, xp, x, t, lse):
        dtype = x.dtype
        if chainer.is_debug():
            valid = ((0 <= t) & (t < x.shape[1])) | (t == self.ignore_label)
            if not valid.all():
                raise ValueError('Each label `t` need to satisfy `0 <= t < x.shape[1] or '
                                 't == %d`' % self.ignore_label)
        in_use = t != self.ignore_label
        n_valid = int(xp.count_nonzero(in_use))
        self._all_valid = all_valid = n_valid == t.size
        if all_valid:
            tc = t
        else:
            self._in_use = in_use
            tc = xp.where(in_use, t, 0)
        self._tc = tc
        if t.ndim == 1:
            self._index = (xp.arange(len(t)), tc)
        else:
            self._index = label_index(xp, tc)
        log_p = x[self._index]
        log_p -= lse.reshape(t.shape)
        w = self._class_weight(dtype, x.shape[1])
        if w is not None:
            log_p *= w[tc]
        if not all_valid:
            log_p = xp.where(in_use, log_p, dtype.type(0))
        if self.reduce == 'mean':
            count = n_valid if self.normalize else len(x)
            self._coeff = 1.0 / max(count, 1)
            return utils.force_array(-wide_sum(log_p) * dtype.type(self._coeff), dtype)
        return utils.force_array(-log_p, dtype)

    # ----------------------------------------------------------------------------------------

    def _row_scale(self, dtype):
        """Per-sample gradient scale (shape of ``t``) without the output gradient.

        Returns None when it is the constant ``coeff`` (mean) or 1 (no reduction).
        """
        k = None
        if not self._all_valid:
            k = self._in_use.astype(dtype)
        w = self._class_weight(dtype, self.inputs[0].shape[1])
        if w is not None:
            k = w[self._tc] if k is None else k * w[self._tc]
        if k is not None and self.reduce == 'mean':
            k *= dtype.type(self._coeff)
        return k

    def _label_scale(self, gy, dtype):
        """``gy`` times the per-sample scale, as an array of ``t``'s shape or 0-dim."""
        k = self._row_scale(dtype)
        if k is None:
            return gy * dtype.type(self._coeff) if self.reduce == 'mean' else gy
        return k * gy

    def _grad_x(self, gy):
        """The gradient w.r.t. ``x`` as an array (``gy`` is an array)."""
        x = self.inputs[0].data
        xp = backend.get_array_module(x)
        dtype = x.dtype
        if self.soft_target:
            if self._y is not None:
                y = self._y
            else:
                y = _log_softmax(x, axis=1)
                xp.exp(y, out=y)
            t = self.inputs[1].data.astype(dtype, copy=False)
            gx = y - t
            if self.reduce == 'mean':
                gx *= gy * dtype.type(self._coeff)
            else:
                gx *= xp.expand_dims(gy, 1)
            return gx
        k = self._label_scale(gy, dtype)
        gx = x - self._lse
        xp.exp(gx, out=gx)
        gx *= k.reshape(k.shape[:1] + (1,) + k.shape[1:]) if k.ndim else k
        gx[self._index] -= k
        return gx

    def _backward_arrays(self, indexes, grad_outputs):
        gy, = grad_outputs
        gx = self._grad_x(gy) if 0 in indexes else None
        return tuple([gx if i == 0 else None for i in indexes])

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        if 0 not in indexes:
            return (None,) * len(indexes)
        if self._differentiable:
            gx = self._differentiable_grad_x(gy)
        else:
            x, t = self.get_retained_inputs()
            gx, = _SoftmaxCrossEntropyGrad_NoDoubleBackprop(self).apply((x, t, gy))
        return tuple([gx if i == 0 else None for i in indexes])

    def _differentiable_grad_x(self, gy):
        # v7's differentiable formula, used only with ``enable_double_backprop=True``; the
        # fast path (``_grad_x``) is checked against it by check_fast_backward
        F = chainer.functions
        x, t = self.get_retained_inputs()
        dtype = x.dtype
        y = F.softmax(x, axis=1)
        if self.soft_target:
            if self.reduce == 'mean':
                g = F.broadcast_to(gy * self._coeff, x.shape)
            else:
                g = F.broadcast_to(F.expand_dims(gy, 1), x.shape)
            return (y - t.array.astype(dtype, copy=False)) * g
        k = F.broadcast_to(gy, self._tc.shape)
        scale = self._row_scale(dtype)
        if scale is not None:
            k = k * scale
        elif self.reduce == 'mean':
            k = k * self._coeff
        kb = F.broadcast_to(F.expand_dims(k, 1), x.shape)
        return F.scatter_add(y * kb, self._index, -k)


class _SoftmaxCrossEntropyGrad_NoDoubleBackprop(function_node.FunctionNode):
    # v7's node of the gradient w.r.t. x of a loss made without enable_double_backprop
    # (inputs x, t and gy; not differentiable): function hooks see it during backward

    def __init__(self, loss):
        self._loss = loss

    def forward(self, inputs):
        return self._loss._grad_x(inputs[2]),

    def backward(self, indexes, grad_outputs):
        raise RuntimeError("F.softmax_cross_entropy was called with "
                           "'enable_double_backprop=False' argument, but double-backprop is "
                           "actually being performed. Please specify "
                           "'enable_double_backprop=True' explicitly.")


def softmax_cross_entropy(x, t, normalize=True, cache_score=True, class_weight=None,
                          ignore_label=-1, reduce='mean', enable_double_backprop=False,
                          soft_target_loss='cross-entropy'):
    """Cross-entropy loss of the softmax of ``x`` and the labels ``t``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Logits of shape ``(N, C, ...)``;
            the softmax is taken along axis 1 (replicated over the trailing axes).
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Signed integer labels of shape
            ``(N, ...)`` (``x.shape`` without axis 1), or float soft targets of the shape of
            ``x`` (probabilities along axis 1).
        normalize (bool): With ``reduce='mean'`` and integer labels, divide the summed loss
            by the number of non-ignored labels (True) or by ``N`` (False).
        cache_score (bool): Keep the softmax computed in forward for backward (soft
            targets). With integer labels only the ``(N, 1, ...)`` log-normalizer is kept
            and backward recomputes the softmax from it, so the flag changes nothing there.
        class_weight (:ref:`ndarray`): Weights of the classes, shape ``(C,)``; the loss of
            a sample is multiplied by the weight of its label.
        ignore_label (int): Label value ignored in the loss and gradient.
        reduce (str): ``'mean'`` (a scalar) or ``'no'`` (per-sample losses of the shape of
            ``t``, zero where ignored; for soft targets, ``x.shape`` without axis 1). With
            soft targets ``'mean'`` averages over all samples.
        enable_double_backprop (bool): Make the gradient differentiable (double backprop).
        soft_target_loss (str): ``'cross-entropy'`` or ``'kl-divergence'``; used with soft
            targets.

    Returns:
        ~chainer.Variable: The loss. It is differentiable only w.r.t. ``x``.

    .. admonition:: Example

        >>> x = np.array([[0, 0, 0], [2, 0, 0]], np.float32)  # logits
        >>> t = np.array([1, 0], np.int32)
        >>> print(np.round(F.softmax_cross_entropy(x, t).array, 4))
        0.6691
        >>> np.round(F.softmax_cross_entropy(x, t, reduce='no').array, 4)
        array([1.0986, 0.2395], dtype=float32)
        >>> F.softmax_cross_entropy(x, np.array([-1, -1], np.int32)).array  # all ignored
        array(-0., dtype=float32)
    """
    func = SoftmaxCrossEntropy(normalize, cache_score, class_weight, ignore_label, reduce,
                               soft_target_loss)
    if enable_double_backprop:
        func._differentiable = True
    return func.apply((x, t))[0]
