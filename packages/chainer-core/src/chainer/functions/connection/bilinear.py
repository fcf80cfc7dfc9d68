"""Bilinear function (``bilinear``)."""
import numpy

from chainer import function_node
from chainer.utils import type_check


def _outer(a, b):
    # (I, J), (I, K) -> (I, J * K)
    return (a[:, :, None] * b[:, None, :]).reshape(a.shape[0], -1)


def _add_all(terms):
    terms = [t for t in terms if t is not None]
    if not terms:
        return None
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    return total


class BilinearFunction(function_node.FunctionNode):
    """``y_il = sum_jk e1_ij e2_ik W_jkl (+ e1 V1 + e2 V2 + b)`` on 2-D ``e1``, ``e2``."""

    def check_type_forward(self, in_types):
        n_in = type_check.eval(in_types.size())
        if n_in != 3 and n_in != 6:
            raise type_check.InvalidType(
                'in_types.size() == 3 or in_types.size() == 6',
                'in_types.size() == %d' % n_in)
        e1_type, e2_type, W_type = in_types[:3]
        type_check.argname((e1_type, e2_type, W_type), ('e1', 'e2', 'W'))
        type_check.expect(
            e1_type.dtype == numpy.float32,  # v7 computes bilinear in float32 only
            e1_type.ndim == 2,
            e2_type.dtype == e1_type.dtype,
            e2_type.ndim == 2,
            e1_type.shape[0] == e2_type.shape[0],
            W_type.dtype == e1_type.dtype,
            W_type.ndim == 3,
            e1_type.shape[1] == W_type.shape[0],
            e2_type.shape[1] == W_type.shape[1],
        )
        if n_in == 6:
            V1_type, V2_type, b_type = in_types[3:]
            type_check.argname((V1_type, V2_type, b_type), ('V1', 'V2', 'b'))
            type_check.expect(
                V1_type.dtype == e1_type.dtype,
                V1_type.ndim == 2,
                V1_type.shape[0] == W_type.shape[0],
                V1_type.shape[1] == W_type.shape[2],
                V2_type.dtype == e1_type.dtype,
                V2_type.ndim == 2,
                V2_type.shape[0] == W_type.shape[1],
                V2_type.shape[1] == W_type.shape[2],
                b_type.dtype == e1_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == W_type.shape[2],
            )

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        e1, e2, W = inputs[:3]
        y = _outer(e1, e2).dot(W.reshape(-1, W.shape[2]))
        if len(inputs) == 6:
            V1, V2, b = inputs[3:]
            y += e1.dot(V1)
            y += e2.dot(V2)
            y += b
        return y.astype(e1.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        gy, = grad_outputs
        grads = BilinearFunctionGrad().apply(inputs + (gy,))
        return tuple(grads[i] for i in indexes)


class BilinearFunctionGrad(function_node.FunctionNode):
    """Gradients of :class:`BilinearFunction` (inputs: its inputs followed by ``gy``)."""

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        e1, e2, W = inputs[:3]
        gy = inputs[-1]
        J, K, L = W.shape
        ge1 = _outer(e2, gy).dot(W.reshape(J, K * L).T)
        ge2 = _outer(e1, gy).dot(W.transpose(0, 2, 1).reshape(J * L, K))
        gW = _outer(e1, e2).T.dot(gy).reshape(J, K, L)
        if len(inputs) == 7:
            V1, V2 = inputs[3:5]
            ge1 += gy.dot(V1.T)
            ge2 += gy.dot(V2.T)
            gV1 = e1.T.dot(gy)
            gV2 = e2.T.dot(gy)
            gb = gy.sum(axis=0)
            return (ge1.astype(e1.dtype, copy=False), ge2.astype(e1.dtype, copy=False),
                    gW.astype(e1.dtype, copy=False), gV1.astype(e1.dtype, copy=False),
                    gV2.astype(e1.dtype, copy=False), gb.astype(e1.dtype, copy=False))
        return (ge1.astype(e1.dtype, copy=False), ge2.astype(e1.dtype, copy=False),
                gW.astype(e1.dtype, copy=False))

    def backward(self, indexes, grad_outputs):
        import chainer.functions as F
        inputs = self.get_retained_inputs()
        e1, e2, W = inputs[:3]
        gy = inputs[-1]
        has_v = len(inputs) == 7
        gge1, gge2, ggW = grad_outputs[:3]
        ggV1 = ggV2 = ggb = None
        if has_v:
            V1, V2 = inputs[3:5]
            ggV1, ggV2, ggb = grad_outputs[3:]

        def grad_of(a, b, w):
            return BilinearFunctionGrad().apply((a, b, w, gy))

        A = grad_of(e1, gge2, W) if gge2 is not None else (None,) * 3
        B = grad_of(e1, e2, ggW) if ggW is not None else (None,) * 3
        C = grad_of(gge1, e2, W) if gge1 is not None else (None,) * 3

        ret = []
        for i in indexes:
            if i == 0:
                t = None if ggV1 is None else F.matmul(gy, ggV1, transb=True)
                g = _add_all([A[0], B[0], t])
            elif i == 1:
                t = None if ggV2 is None else F.matmul(gy, ggV2, transb=True)
                g = _add_all([C[1], B[1], t])
            elif i == 2:
                g = _add_all([C[2], A[2]])
            elif has_v and i == 3:
                g = None if gge1 is None else F.matmul(gge1, gy, transa=True)
            elif has_v and i == 4:
                g = None if gge2 is None else F.matmul(gge2, gy, transa=True)
            elif has_v and i == 5:
                g = None    # the gradients do not depend on b
            else:
                terms = []
                if gge1 is not None:
                    terms.append(BilinearFunction().apply((gge1, e2, W))[0])
                if gge2 is not None:
                    terms.append(BilinearFunction().apply((e1, gge2, W))[0])
                if ggW is not None:
                    terms.append(BilinearFunction().apply((e1, e2, ggW))[0])
                if has_v:
                    if gge1 is not None:
                        terms.append(F.matmul(gge1, V1))
                    if gge2 is not None:
                        terms.append(F.matmul(gge2, V2))
                    if ggV1 is not None:
                        terms.append(F.matmul(e1, ggV1))
                    if ggV2 is not None:
                        terms.append(F.matmul(e2, ggV2))
                    if ggb is not None:
                        terms.append(F.broadcast_to(ggb, gy.shape))
                g = _add_all(terms)
            ret.append(g)
        return ret


def bilinear(e1, e2, W, V1=None, V2=None, b=None):
    """Bilinear function, an extension of the linear function.

    ``y_il = sum_jk e1_ij e2_ik W_jkl + sum_j e1_ij V1_jl + sum_k e2_ik V2_kl + b_l``.
    Inputs with more than two axes are flattened after the first (batch) axis. All inputs
    must be float32 (as in v7).

    Args:
        e1 (:class:`~chainer.Variable` or :ref:`ndarray`): Left input ``(I, J)``.
        e2 (:class:`~chainer.Variable` or :ref:`ndarray`): Right input ``(I, K)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Quadratic weight ``(J, K, L)``.
        V1 (:class:`~chainer.Variable` or :ref:`ndarray`): Left linear weight ``(J, L)``.
        V2 (:class:`~chainer.Variable` or :ref:`ndarray`): Right linear weight ``(K, L)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias ``(L,)``.
            ``V1``, ``V2`` and ``b`` must be all given or all ``None``.

    Returns:
        ~chainer.Variable: Output of shape ``(I, L)``.

    .. admonition:: Example

        >>> e1 = np.array([[1, 2]], np.float32)
        >>> e2 = np.array([[3, 4, 5]], np.float32)
        >>> W = np.ones((2, 3, 4), np.float32)  # (len(e1[0]), len(e2[0]), output size)
        >>> y = F.bilinear(e1, e2, W)  # y[i, k] = sum_jl e1[i, j] * e2[i, l] * W[j, l, k]
        >>> y.array
        array([[36., 36., 36., 36.]], dtype=float32)
    """
    flags = [V1 is None, V2 is None, b is None]
    if any(flags) and not all(flags):
        raise ValueError('All coefficients and bias for linear term must be None, '
                         'if at least one of them is None.')
    if e1.ndim > 2:
        e1 = e1.reshape(len(e1), -1)
    if e2.ndim > 2:
        e2 = e2.reshape(len(e2), -1)
    if all(flags):
        return BilinearFunction().apply((e1, e2, W))[0]
    return BilinearFunction().apply((e1, e2, W, V1, V2, b))[0]
