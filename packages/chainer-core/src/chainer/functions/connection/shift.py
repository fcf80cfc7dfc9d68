"""Shift operation (``shift``): a zero-FLOP, zero-parameter spatial convolution."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.utils import type_check


class Shift(function_node.FunctionNode):
    """Shifts channel groups of a 4-D input in the ``kh * kw`` directions of a window."""

    def __init__(self, ksize=3, dilate=1):
        self.kh, self.kw = _conv.as_tuple(ksize, 2)
        if self.kh % 2 != 1:
            raise ValueError('kh must be odd')
        if self.kw % 2 != 1:
            raise ValueError('kw must be odd')
        self.dy, self.dx = _conv.as_tuple(dilate, 2)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.argname((x_type,), ('x',))
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            x_type.shape[1] >= self.kh * self.kw,
        )

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        b, c, h, w = x.shape
        py = self.kh // 2 * abs(self.dy)
        px = self.kw // 2 * abs(self.dx)
        xpad = xp.pad(x, ((0, 0), (0, 0), (py, py), (px, px)), mode='constant')
        n_groups = self.kh * self.kw
        group_size = c // n_groups
        center = (n_groups - 1) // 2
        parts = []
        for i in range(n_groups):
            # The unshifted (center) group is moved last so that remainder channels stay put.
            g = i
            if g == center:
                g = n_groups - 1
            elif g == n_groups - 1:
                g = center
            ky = g // self.kw - self.kh // 2
            kx = g % self.kw - self.kw // 2
            hs = py - ky * self.dy
            ws = px - kx * self.dx
            cs = i * group_size
            ce = (i + 1) * group_size if i < n_groups - 1 else c
            parts.append(xpad[:, cs:ce, hs:hs + h, ws:ws + w])
        return xp.concatenate(parts, axis=1),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return shift(gy, ksize=(self.kh, self.kw), dilate=(-self.dy, -self.dx)),


def shift(x, ksize=3, dilate=1):
    """Shift function (Wu et al., "Shift: A Zero FLOP, Zero Parameter Alternative to
    Spatial Convolutions").

    The channels are split into ``kh * kw`` groups; each group is shifted (with zero fill)
    by one of the offsets ``(ky * dy, kx * dx)`` of the window, the unshifted group last.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)`` with
            ``c >= kh * kw``.
        ksize (int or pair of ints): Odd window size ``(kh, kw)``.
        dilate (int or pair of ints): Shift distance multiplier ``(dy, dx)``.

    Returns:
        ~chainer.Variable: Output of the same shape as ``x``.

    .. admonition:: Example

        >>> image = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
        >>> x = np.stack([image] * 9)[None]  # 9 channels: one group per 3 x 3 direction
        >>> y = F.shift(x, ksize=3)
        >>> y.shape
        (1, 9, 3, 3)
        >>> y.array[0, 0]  # the first group moves up and left, zeros come in
        array([[5., 6., 0.],
               [8., 9., 0.],
               [0., 0., 0.]], dtype=float32)
        >>> y.array[0, 8]  # the last group does not move
        array([[1., 2., 3.],
               [4., 5., 6.],
               [7., 8., 9.]], dtype=float32)
    """
    return Shift(ksize, dilate).apply((x,))[0]
