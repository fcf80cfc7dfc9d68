"""The cuDNN RNN functions of v7: :class:`BaseNStepRNN` and :class:`CudnnRNNWeightConcat`.

They run whole stacked (bi-directional) RNNs with cuDNN, on CuPy arrays only. The weights
are one flat cuDNN parameter array built by :func:`cudnn_rnn_weight_concat` from the
per-layer lists ``ws`` and ``bs`` of :func:`chainer.functions.n_step_rnn` and its siblings.
On the CPU (and without cuDNN) use those functions, which compute the same with any backend.
"""
import chainer
from chainer import function
from chainer.backends import cuda
from chainer.functions._helpers import axes as _axes
from chainer.utils import argument
from chainer.utils import type_check

_RNN_DIRS = ('uni', 'bi')
_RNN_MODES = ('rnn_relu', 'rnn_tanh', 'lstm', 'gru')
# weight matrices (and biases) per layer and direction
_N_WEIGHTS = {'rnn_relu': 2, 'rnn_tanh': 2, 'lstm': 8, 'gru': 6}


def _cudnn_constants(rnn_dir, rnn_mode):
    libcudnn = cuda.libcudnn
    direction = {'uni': libcudnn.CUDNN_UNIDIRECTIONAL,
                 'bi': libcudnn.CUDNN_BIDIRECTIONAL}[rnn_dir]
    mode = {'rnn_relu': libcudnn.CUDNN_RNN_RELU, 'rnn_tanh': libcudnn.CUDNN_RNN_TANH,
            'lstm': libcudnn.CUDNN_LSTM, 'gru': libcudnn.CUDNN_GRU}[rnn_mode]
    return direction, mode


def _require_cudnn(name):
    if not (cuda.available and cuda.cudnn_enabled):
        raise RuntimeError(
            '{} runs with cuDNN on a CUDA GPU only; use the functions of '
            'chainer.functions (n_step_rnn, n_step_lstm, ...) on other devices.'.format(name))


def _check_dir_and_mode(rnn_dir, rnn_mode):
    if rnn_dir not in _RNN_DIRS:
        raise ValueError('Invalid rnn_dir: "{}". Please select from {}'.format(
            rnn_dir, list(_RNN_DIRS)))
    if rnn_mode not in _RNN_MODES:
        raise ValueError('Invalid rnn_mode: "{}". Please select from {}'.format(
            rnn_mode, list(_RNN_MODES)))


class CudnnRNNWeightConcat(function.Function):
    """Packs the weights and biases of every layer into cuDNN's flat parameter array.

    Args:
        n_layers (int): Number of layers.
        states: cuDNN dropout states (``chainer.backends.cuda.get_cudnn_dropout_states()``).
        rnn_dir (str): ``'uni'`` or ``'bi'``.
        rnn_mode (str): ``'rnn_relu'``, ``'rnn_tanh'``, ``'lstm'`` or ``'gru'``.

    The inputs are the weight matrices of ``ws`` flattened layer by layer, then the biases of
    ``bs`` in the same order; the output is the array ``w`` of shape ``(size, 1, 1)``.
    """

    def __init__(self, n_layers, states, rnn_dir, rnn_mode):
        _check_dir_and_mode(rnn_dir, rnn_mode)
        self.n_layers = n_layers
        self.states = states
        self.rnn_dir = rnn_dir
        self.rnn_mode = rnn_mode
        self.n_directions = 2 if rnn_dir == 'bi' else 1
        self.n_weights = _N_WEIGHTS[rnn_mode]

    def check_type_forward(self, in_types):
        n = self.n_layers * self.n_directions * self.n_weights
        type_check.expect(in_types.size() == 2 * n)
        head = in_types[0]
        for t in in_types:
            type_check.expect(t.dtype == head.dtype, t.dtype.kind == 'f')

    def _split(self, inputs):
        n = self.n_layers * self.n_directions * self.n_weights
        ws, bs = inputs[:n], inputs[n:]
        k = self.n_weights
        return ([ws[i:i + k] for i in range(0, n, k)], [bs[i:i + k] for i in range(0, n, k)])

    def _descriptors(self, in_size, out_size, dtype):
        cudnn = cuda.cudnn
        direction, mode = _cudnn_constants(self.rnn_dir, self.rnn_mode)
        rnn_desc = cudnn.create_rnn_descriptor(
            out_size, self.n_layers, self.states._desc, cuda.libcudnn.CUDNN_LINEAR_INPUT,
            direction, mode, cudnn.get_data_type(dtype))
        x_desc = cudnn.create_tensor_nd_descriptor(cuda.cupy.empty((1, in_size, 1), dtype))
        return rnn_desc, x_desc

    def _param_views(self, w, in_size, out_size):
        """Yields ``(layer index, weight index, matrix view, bias view)`` of ``w``."""
        cudnn = cuda.cudnn
        handle = cudnn.get_handle()
        rnn_desc, x_desc = self._descriptors(in_size, out_size, w.dtype)
        w_desc = cudnn.create_filter_descriptor(w)
        for layer in range(self.n_layers * self.n_directions):
            for lin_layer_id in range(self.n_weights):
                mat = cudnn.get_rnn_lin_layer_matrix_params(
                    handle, rnn_desc, layer, x_desc, w_desc, w, lin_layer_id)
                bias = cudnn.get_rnn_lin_layer_bias_params(
                    handle, rnn_desc, layer, x_desc, w_desc, w, lin_layer_id)
                yield layer, lin_layer_id, mat, bias

    def forward_cpu(self, inputs):
        _require_cudnn('CudnnRNNWeightConcat')

    def forward_gpu(self, inputs):
        _require_cudnn('CudnnRNNWeightConcat')
        ws, bs = self._split(inputs)
        # the first layer's input size, the hidden size
        self._in_size, self._out_size = ws[0][0].shape[1], ws[0][0].shape[0]
        dtype = inputs[0].dtype
        rnn_desc, x_desc = self._descriptors(self._in_size, self._out_size, dtype)
        size = cuda.libcudnn.getRNNParamsSize(
            cuda.cudnn.get_handle(), rnn_desc.value, x_desc.value,
            cuda.cudnn.get_data_type(dtype))
        w = cuda.cupy.empty((size // dtype.itemsize, 1, 1), dtype=dtype)
        for layer, j, mat, bias in self._param_views(w, self._in_size, self._out_size):
            mat[...] = ws[layer][j].reshape(mat.shape)
            bias[...] = bs[layer][j].reshape(bias.shape)
        return w,

    def backward_gpu(self, inputs, grads):
        gw, = grads
        ws, bs = self._split(inputs)
        gws = [[None] * self.n_weights for _ in ws]
        gbs = [[None] * self.n_weights for _ in bs]
        for layer, j, mat, bias in self._param_views(gw, self._in_size, self._out_size):
            gws[layer][j] = mat.reshape(ws[layer][j].shape).copy()
            gbs[layer][j] = bias.reshape(bs[layer][j].shape).copy()
        return tuple(g for gs in gws for g in gs) + tuple(g for gs in gbs for g in gs)


def cudnn_rnn_weight_concat(n_layers, states, use_bi_direction, rnn_mode, ws, bs):
    """Packs ``ws`` and ``bs`` (lists per layer and direction) into cuDNN's flat weights.

    Args:
        n_layers (int): Number of layers.
        states: cuDNN dropout states.
        use_bi_direction (bool): Bi-directional RNN.
        rnn_mode (str): ``'rnn_relu'``, ``'rnn_tanh'``, ``'lstm'`` or ``'gru'``.
        ws (list of lists of ~chainer.Variable): Weight matrices.
        bs (list of lists of ~chainer.Variable): Biases.

    Returns:
        ~chainer.Variable: The flat weights ``(size, 1, 1)``.
    """
    rnn_dir = 'bi' if use_bi_direction else 'uni'
    inputs = [w for layer in ws for w in layer] + [b for layer in bs for b in layer]
    return CudnnRNNWeightConcat(n_layers, states, rnn_dir, rnn_mode)(*inputs)


class BaseNStepRNN(function.Function):
    """A stacked RNN run by cuDNN over a batch of sequences sorted by decreasing length.

    Args:
        n_layers (int): Number of layers.
        states: cuDNN dropout states (they hold the dropout ratio).
        lengths (list of int): Batch size of every time step (non-increasing).
        rnn_dir (str): ``'uni'`` or ``'bi'``.
        rnn_mode (str): ``'rnn_relu'``, ``'rnn_tanh'``, ``'lstm'`` or ``'gru'``.

    The inputs are ``hx`` (``(n_layers * directions, B, N)``), ``cx`` (LSTM only), the flat
    weights of :func:`cudnn_rnn_weight_concat` and the inputs ``xs[t]`` of every time step;
    the outputs are ``hy``, ``cy`` (LSTM only) and ``ys[t]`` of every time step.
    """

    def __init__(self, n_layers, states, lengths, rnn_dir, rnn_mode, **kwargs):
        argument.check_unexpected_kwargs(
            kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)
        _check_dir_and_mode(rnn_dir, rnn_mode)
        self.n_layers = n_layers
        self.states = states
        self.lengths = list(lengths)
        self.rnn_dir = rnn_dir
        self.rnn_mode = rnn_mode
        self.use_cell = rnn_mode == 'lstm'
        self.n_directions = 2 if rnn_dir == 'bi' else 1

    def check_type_forward(self, in_types):
        n_states = 2 if self.use_cell else 1
        type_check.expect(in_types.size() == n_states + 1 + len(self.lengths))
        h_type = in_types[0]
        type_check.expect(
            h_type.dtype.kind == 'f',
            h_type.ndim == 3,
            h_type.shape[0] == self.n_layers * self.n_directions,
        )
        for t in in_types[n_states + 1:]:
            type_check.expect(t.dtype == h_type.dtype, t.ndim == 2)

    def _split_inputs(self, inputs):
        if self.use_cell:
            (hx, cx, w), xs = inputs[:3], inputs[3:]
        else:
            (hx, w), xs = inputs[:2], inputs[2:]
            cx = None
        return hx, cx, w, xs

    def forward_cpu(self, inputs):
        _require_cudnn(type(self).__name__)

    def forward_gpu(self, inputs):
        _require_cudnn(type(self).__name__)
        cudnn = cuda.cudnn
        hx, cx, w, xs = self._split_inputs(inputs)
        x = cuda.cupy.concatenate(xs, axis=0)
        direction, mode = _cudnn_constants(self.rnn_dir, self.rnn_mode)
        if chainer.config.train:
            self.reserve_space, hy, cy, y = cudnn.rnn_forward_training(
                self.states, direction, mode, hx, cx, w, x, self.lengths)
        else:
            self.reserve_space = None
            hy, cy, y = cudnn.rnn_forward_inference(
                self.states, direction, mode, hx, cx, w, x, self.lengths)
        self._y = y
        ys = self._split(y)
        return ((hy, cy) if self.use_cell else (hy,)) + tuple(ys)

    def _split(self, array):
        return cuda.cupy.split(array, _axes.cumulative_offsets(self.lengths))

    def backward_gpu(self, inputs, grads):
        if self.reserve_space is None:
            raise RuntimeError('{} computes gradients only in training mode (the cuDNN '
                               'forward of the test mode keeps nothing for backward)'.format(
                                   type(self).__name__))
        cudnn = cuda.cudnn
        xp = cuda.cupy
        hx, cx, w, xs = self._split_inputs(inputs)
        n_states = 2 if self.use_cell else 1
        ghy = grads[0] if grads[0] is not None else xp.zeros_like(hx)
        gcy = None
        if self.use_cell:
            gcy = grads[1] if grads[1] is not None else xp.zeros_like(cx)
        gys = [g if g is not None else xp.zeros_like(y)
               for g, y in zip(grads[n_states:], self._split(self._y))]
        x = xp.concatenate(xs, axis=0)
        gy = xp.concatenate(gys, axis=0)
        direction, mode = _cudnn_constants(self.rnn_dir, self.rnn_mode)
        ghx, gcx, gx = cudnn.rnn_backward_data(
            self.states, direction, mode, hx, cx, w, x, self._y, self.reserve_space,
            ghy, gcy, gy, self.lengths)
        gw = cudnn.rnn_backward_weights(
            self.states, direction, mode, x, hx, self._y, w, self.reserve_space,
            self.lengths)
        gxs = tuple(self._split(gx))
        return ((ghx, gcx, gw) if self.use_cell else (ghx, gw)) + gxs


class NStepRNNTanh(BaseNStepRNN):
    """Uni-directional Elman RNN (tanh) run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'uni', 'rnn_tanh', **kwargs)


class NStepRNNReLU(BaseNStepRNN):
    """Uni-directional Elman RNN (ReLU) run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'uni', 'rnn_relu', **kwargs)


class NStepBiRNNTanh(BaseNStepRNN):
    """Bi-directional Elman RNN (tanh) run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'bi', 'rnn_tanh', **kwargs)


class NStepBiRNNReLU(BaseNStepRNN):
    """Bi-directional Elman RNN (ReLU) run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'bi', 'rnn_relu', **kwargs)


class NStepLSTM(BaseNStepRNN):
    """Uni-directional LSTM run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths):
        super().__init__(n_layers, states, lengths, 'uni', 'lstm')


class NStepBiLSTM(BaseNStepRNN):
    """Bi-directional LSTM run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths):
        super().__init__(n_layers, states, lengths, 'bi', 'lstm')


class NStepGRU(BaseNStepRNN):
    """Uni-directional GRU run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'uni', 'gru', **kwargs)


class NStepBiGRU(BaseNStepRNN):
    """Bi-directional GRU run by cuDNN (see :class:`BaseNStepRNN`)."""

    def __init__(self, n_layers, states, lengths, **kwargs):
        super().__init__(n_layers, states, lengths, 'bi', 'gru', **kwargs)
