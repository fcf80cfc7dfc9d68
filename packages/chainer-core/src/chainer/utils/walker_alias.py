"""Walker's alias method for sampling from a discrete distribution (``WalkerAlias``)."""
import numpy

import chainer
from chainer.backends import cuda
from chainer import device_resident


class WalkerAlias(device_resident.DeviceResident):
    """Sampler of a discrete distribution by Walker's alias method.

    After an :math:`O(n)` setup, each sample costs :math:`O(1)`: a uniform draw picks a column
    ``i`` and a second comparison keeps ``i`` or takes its alias. It is faster than
    :func:`numpy.random.choice` for repeated sampling and works on CPU and GPU.

    It is a :class:`~chainer.DeviceResident`: :meth:`to_device` (and ``to_cpu``/``to_gpu``)
    move its tables.

    Args:
        probs (float list): Probabilities of the entries; they are normalized by their sum.

    Attributes:
        threshold: ``float32`` array; column ``i`` keeps ``i`` when the fractional part of the
            draw is at most ``threshold[i]``.
        values: ``int32`` array of length ``2n``; ``values[2 * i]`` is ``i`` and
            ``values[2 * i + 1]`` its alias.
    """

    def __init__(self, probs):
        super().__init__()
        prob = numpy.array(probs, numpy.float32)
        if prob.ndim != 1 or len(prob) == 0:
            raise ValueError('probs must be a non-empty 1-D sequence')
        prob /= numpy.sum(prob)
        n = len(prob)
        threshold = numpy.ones(n, numpy.float32)
        values = numpy.zeros(2 * n, numpy.int32)
        # Chainer v7's construction (so that a seed gives v7's samples): the entries, from
        # the least to the most probable, fill column ``filled``; the excess mass of an
        # over-full entry becomes the alias of the earliest columns still without one.
        # Probabilities are float32, masses Python floats, as in v7.
        filled = aliased = 0
        for p_i, i in sorted(zip(prob.tolist(), range(n))):
            mass = p_i * n
            while mass > 1 and aliased < filled:
                values[2 * aliased + 1] = i
                mass -= 1.0 - float(threshold[aliased])
                aliased += 1
            threshold[filled] = mass
            values[2 * filled] = i
            filled += 1
        self.threshold = threshold
        self.values = values

    def device_resident_accept(self, visitor):
        """Passes the tables to ``visitor`` (a device transfer moves them)."""
        super().device_resident_accept(visitor)
        self.threshold = visitor.visit_array(self.threshold)
        self.values = visitor.visit_array(self.values)

    @property
    def use_gpu(self):
        """``True`` if the sampler is on a GPU (CuPy), ``False`` on the CPU."""
        xp = self._device.xp
        if xp is numpy:
            return False
        if getattr(xp, '__name__', None) == 'cupy':
            return True
        raise RuntimeError(
            'WalkerAlias.use_gpu attribute is only applicable for numpy or cupy devices. '
            'Use WalkerAlias.device attribute for general devices.')

    def sample(self, shape):
        """Generates random samples following the probabilities.

        Args:
            shape (tuple of int): Shape of the returned array.

        Returns:
            An ``int32`` array of indices: a :class:`numpy.ndarray` on the CPU and a
            :class:`cupy.ndarray` on a GPU.
        """
        xp = self._device.xp
        with chainer.using_device(self._device):
            if getattr(xp, '__name__', None) == 'cupy':
                return self.sample_gpu(shape)
            return self.sample_xp(xp, shape)

    def sample_xp(self, xp, shape):
        """Generates samples with the array module ``xp``."""
        n = len(self.threshold)
        draw = xp.random.uniform(0, n, shape)
        # the integer part picks a column (clipped: the upper bound may be hit by rounding),
        # the fractional part decides between the column and its alias
        column = xp.minimum(draw.astype(numpy.int32), n - 1)
        take_alias = self.threshold[column] < draw - column
        return self.values[2 * column + take_alias.astype(numpy.int32)]

    def sample_gpu(self, shape):
        """Generates samples with a CUDA kernel."""
        draws = cuda.cupy.random.uniform(size=shape, dtype=numpy.float32)
        kernel = cuda.elementwise(
            'T u, raw T threshold, raw S values, int32 n',
            'int32 sample',
            '''
            T scaled = u * n;
            int column = min(__float2int_rd(scaled), n - 1);
            int pick = (scaled - column) > threshold[column] ? 1 : 0;
            sample = values[2 * column + pick];
            ''',
            'walker_alias_draw')
        return kernel(draws, self.threshold, self.values, len(self.threshold))
