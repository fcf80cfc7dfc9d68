"""Batch normalization layer (``BatchNormalization``)."""
import numpy

import chainer
from chainer import configuration
from chainer import functions
from chainer import initializer
from chainer import initializers
from chainer import link
from chainer.links.normalization import _running_statistics
from chainer.utils import argument
from chainer import variable


def _constant_array(initial, default, shape, dtype):
    # A host array of ``shape`` filled by the initializer argument ``initial`` (``default``
    # when it is None).
    if initial is None:
        initial = default
    return initializers.generate_array(
        initializers._get_initializer(initial), shape, numpy, dtype=dtype)


def _typed_initializer(initial, default, dtype):
    # The initializer of ``initial`` (``default`` when None) producing ``dtype`` arrays; as
    # v7, a given Initializer object gets ``dtype`` set in place.
    init = initializers._get_initializer(default if initial is None else initial)
    if isinstance(init, initializer.Initializer):
        init.dtype = dtype
    return init


class BatchNormalization(_running_statistics.RunningStatistics, link.Link):
    """Batch normalization layer on the outputs of linear or convolution layers.

    In training mode (``chainer.config.train``) the input is normalized with the statistics
    of the batch, and the running averages :attr:`avg_mean` and :attr:`avg_var` are updated
    with ``decay``; in fine-tuning mode (``forward(x, finetune=True)``) they accumulate the
    population statistics instead (their decay is ``1 - 1/N``, :attr:`N` counting the
    batches since :meth:`start_finetuning`).  In test mode the running averages are used.

    Args:
        size (int, tuple of ints or None): Shape of the statistics and parameters (the
            shape of the input without the ``axis`` axes); ``None`` decides it at the first
            forward pass (``axis`` is then required).
        decay (float): Decay rate of the running averages.
        eps (float): Epsilon added to the variance for numerical stability.
        dtype: Data type of the parameters and statistics (``chainer.config.dtype`` by
            default, ``mixed16`` meaning float32).
        use_gamma (bool): Whether to learn a scaling parameter ``gamma``.
        use_beta (bool): Whether to learn a shifting parameter ``beta``.
        initial_gamma: Initializer of ``gamma`` (1 by default).
        initial_beta: Initializer of ``beta`` (0 by default).
        axis (int or tuple of ints): Axes of the statistics (by default the batch axis and
            every axis after the channel axis).
        initial_avg_mean: Initializer of :attr:`avg_mean` (0 by default).
        initial_avg_var: Initializer of :attr:`avg_var` (1 by default).

    Attributes:
        gamma (~chainer.Parameter): Scaling parameter (``None`` unless ``use_gamma``).
        beta (~chainer.Parameter): Shifting parameter (``None`` unless ``use_beta``).
        avg_mean (:ref:`ndarray`): Running average of the mean (persistent).
        avg_var (:ref:`ndarray`): Running average of the variance (persistent).
        N (int): Number of batches seen in fine-tuning mode (persistent).
        decay (float): Decay rate of the running averages.
        eps (float): Epsilon of the variance.
        axis (tuple of ints): Axes of the statistics (``None`` for the default).
    """

    gamma = None
    beta = None

    def __init__(self, size=None, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None, axis=None,
                 initial_avg_mean=None, initial_avg_var=None):
        super().__init__()
        if size is None and axis is None:
            raise RuntimeError('size or axis is required')
        self._initial_avg_mean = initial_avg_mean
        self._initial_avg_var = initial_avg_var
        self.add_persistent('N', 0)
        self.add_persistent('avg_mean', None)
        self.add_persistent('avg_var', None)
        self.decay = decay
        self.eps = eps
        if isinstance(axis, int):
            axis = (axis,)
        self.axis = axis
        self._highprec_dtype = chainer.get_dtype(dtype, map_mixed16=numpy.float32)

        with self.init_scope():
            if use_gamma:
                self.gamma = variable.Parameter(
                    _typed_initializer(initial_gamma, 1, self._highprec_dtype))
            if use_beta:
                self.beta = variable.Parameter(
                    _typed_initializer(initial_beta, 0, self._highprec_dtype))

        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, shape):
        dtype = self._highprec_dtype
        device = self.device
        self.avg_mean = device.send(
            _constant_array(self._initial_avg_mean, 0, shape, dtype))
        self.avg_var = device.send(_constant_array(self._initial_avg_var, 1, shape, dtype))
        self._initial_avg_mean = None
        self._initial_avg_var = None
        if self.gamma is not None:
            self.gamma.initialize(shape)
        if self.beta is not None:
            self.beta.initialize(shape)

    @property
    def printable_specs(self):
        """``size``, ``decay``, ``eps``, ``dtype``, ``use_gamma`` and ``use_beta``."""
        avg_mean = self.avg_mean
        yield 'size', None if avg_mean is None else avg_mean.shape[0]
        yield 'decay', self.decay
        yield 'eps', self.eps
        yield 'dtype', self._highprec_dtype if avg_mean is None else avg_mean.dtype
        yield 'use_gamma', self.gamma is not None
        yield 'use_beta', self.beta is not None

    def _ones_or_zeros(self, fill):
        return variable.Variable(
            self.xp.full(self.avg_mean.shape, fill, dtype=self._highprec_dtype))

    def _scale_and_shift(self):
        # gamma and beta, or the constants 1 and 0 of the ones not used
        gamma = self.gamma if self.gamma is not None else self._ones_or_zeros(1)
        beta = self.beta if self.beta is not None else self._ones_or_zeros(0)
        return gamma, beta

    def forward(self, x, **kwargs):
        """Normalizes ``x`` (batch statistics in training, running averages in test mode).

        Args:
            x (~chainer.Variable or array): Input batch.
            finetune (bool): Whether to accumulate population statistics (training mode
                only; keyword only).

        Returns:
            ~chainer.Variable: The normalized (scaled and shifted) batch.
        """
        finetune, = argument.parse_kwargs(
            kwargs, ('finetune', False),
            test='test argument is not supported anymore. Use chainer.using_config')

        if self.avg_mean is None:
            axis = self.axis
            ndim = len(x.shape)
            shape = tuple(d for i, d in enumerate(x.shape)
                          if i not in axis and i - ndim not in axis)
            self._initialize_params(shape)

        gamma, beta = self._scale_and_shift()
        if configuration.config.train:
            decay = self._training_decay(finetune)
            if configuration.config.in_recomputing:
                # statistics were updated by the first forward pass already
                avg_mean = self.avg_mean.copy()
                avg_var = self.avg_var.copy()
            else:
                avg_mean = self.avg_mean
                avg_var = self.avg_var
            # through the chainer.functions namespace, as v7 (a test may patch it there)
            return functions.batch_normalization(
                x, gamma, beta, eps=self.eps, running_mean=avg_mean, running_var=avg_var,
                decay=decay, axis=self.axis)
        return functions.fixed_batch_normalization(
            x, gamma, beta, self.avg_mean, self.avg_var, self.eps, axis=self.axis)
