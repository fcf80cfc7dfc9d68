"""Stacked (bi-directional) RNNs over lists of sequences: the ``NStep*`` links' base and the
Elman RNN links ``NStepRNNTanh``, ``NStepRNNReLU``, ``NStepBiRNNTanh``, ``NStepBiRNNReLU``.

An n-step link holds one child :class:`~chainer.Link` per layer and direction (children
``'0'``, ``'1'``, ... in the order ``layer * directions + direction``), each with the
parameters ``w0``, ``b0``, ``w1``, ``b1``, ... of the matching
:func:`~chainer.functions.n_step_rnn` family function, so that Chainer v7 npz files load.
"""
import numpy

import chainer
from chainer import functions as F
from chainer import initializers, link, variable
from chainer.links.rnn import _state
from chainer.utils import argument

_USE_CUDNN_MSG = 'use_cudnn argument is not supported anymore. Use chainer.using_config'
_USE_BI_DIRECTION_MSG = 'use_bi_direction is not supported anymore'


def argsort_list_descent(lst):
    """Returns the indices that sort ``lst`` by decreasing length.

    Args:
        lst (list): Sequences (anything with ``len``).

    Returns:
        numpy.ndarray: ``int32`` indices ``order`` such that ``len(lst[order[0]])`` is the
        largest.
    """
    return numpy.argsort([-len(x) for x in lst]).astype(numpy.int32)


def permutate_list(lst, indices, inv):
    """Reorders a list by ``indices``.

    Args:
        lst (list): The items.
        indices (sequence of ints): A permutation of ``range(len(lst))``.
        inv (bool): If ``False`` the result is ``[lst[i] for i in indices]``; if ``True``
            the permutation is inverted (``result[indices[k]] = lst[k]``).

    Returns:
        list: The reordered items.
    """
    ret = [None] * len(lst)
    if inv:
        for item, index in zip(lst, indices):
            ret[index] = item
    else:
        for k, index in enumerate(indices):
            ret[k] = lst[index]
    return ret


def _is_identity(indices):
    return all(k == index for k, index in enumerate(indices))


# ``n_cells`` of the RNNs whose only state is the hidden state
_HIDDEN_STATE_ONLY = property(lambda self: 1, doc='1: the hidden state ``h``.')


def _rnn_calling(function_name, activation=None):
    """An ``rnn`` method calling ``chainer.functions.<function_name>`` (with ``activation``
    when given)."""
    kwargs = {} if activation is None else {'activation': activation}

    def rnn(self, *args):
        return getattr(F, function_name)(*args, **kwargs)

    rnn.__doc__ = 'Calls :func:`~chainer.functions.{}`{}.'.format(
        function_name, '' if activation is None else " with ``activation='{}'``".format(
            activation))
    return rnn


class NStepRNNBase(link.ChainList):
    """Base of the stacked RNN links: parameters, sorting and transposition of the input.

    A subclass sets ``n_weights`` (weights per layer and direction) and
    ``use_bi_direction``, and implements :attr:`n_cells` and :meth:`rnn`.  The link takes
    a list of sequences ``xs[i]`` of shape ``(L_i, in_size)`` in any order, sorts them by
    decreasing length, transposes them for the n-step function and restores the order of
    the outputs and of the hidden states.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Input size.
        out_size (int): Number of units (hidden state size of each direction).
        dropout (float): Dropout ratio applied to the input of every layer but the first.
        initialW: Initializer of the weights (default: LeCun normal, i.e. Gaussian with
            standard deviation ``sqrt(1 / fan_in)``).
        initial_bias: Initializer of the biases (default: 0).

    Attributes:
        ws (list of lists of ~chainer.Parameter): ``ws[layer * direction + di][j]`` is the
            ``w<j>`` parameter of that child.
        bs (list of lists of ~chainer.Parameter): The biases, laid out as ``ws``.
    """

    n_weights = None
    use_bi_direction = None

    def __init__(self, n_layers, in_size, out_size, dropout, *, initialW=None,
                 initial_bias=None, **kwargs):
        argument.check_unexpected_kwargs(kwargs, use_cudnn=_USE_CUDNN_MSG,
                                         use_bi_direction=_USE_BI_DIRECTION_MSG)
        argument.assert_kwargs_empty(kwargs)
        direction = 2 if self.use_bi_direction else 1
        w_init = initializers._get_initializer(initialW)
        b_init = initializers._get_initializer(0 if initial_bias is None else initial_bias)
        half = self.n_weights // 2
        weights = []
        for layer in range(n_layers):
            layer_in = in_size if layer == 0 else out_size * direction
            for _ in range(direction):
                weight = link.Link()
                with weight.init_scope():
                    for j in range(self.n_weights):
                        w_in = layer_in if j < half else out_size
                        setattr(weight, 'w%d' % j, variable.Parameter(w_init, (out_size, w_in)))
                        setattr(weight, 'b%d' % j, variable.Parameter(b_init, out_size))
                weights.append(weight)
        super().__init__(*weights)
        self.n_layers = n_layers
        self.dropout = dropout
        self.out_size = out_size
        self.direction = direction

    @property
    def ws(self):
        """Weights as a list (per layer and direction) of lists of parameters."""
        return [[getattr(child, 'w%d' % j) for j in range(self.n_weights)] for child in self]

    @property
    def bs(self):
        """Biases as a list (per layer and direction) of lists of parameters."""
        return [[getattr(child, 'b%d' % j) for j in range(self.n_weights)] for child in self]

    @property
    def n_cells(self):
        """Number of state arrays of the RNN (2 for LSTMs: ``h`` and ``c``; else 1)."""
        raise NotImplementedError

    def rnn(self, *args):
        """Calls the n-step RNN function with ``(n_layers, dropout, *states, ws, bs, xs)``."""
        raise NotImplementedError

    def init_hx(self, xs):
        """Returns zero initial states ``(n_layers * direction, len(xs), out_size)``."""
        shape = (self.n_layers * self.direction, len(xs), self.out_size)
        return _state.zeros(self, shape, xs[0].dtype)

    def _call(self, hs, xs):
        if not isinstance(xs, (list, tuple)):
            # AssertionError is what Chainer v7 raises here.
            raise AssertionError('{}: xs must be a list or tuple of sequences, not {}'.format(
                type(self).__name__, type(xs).__name__))
        if not xs:
            # IndexError is what Chainer v7 raises here.
            raise IndexError('{}: xs must hold at least one sequence'.format(
                type(self).__name__))
        indices = argsort_list_descent(xs)
        if _is_identity(indices):
            return self._call_sorted(hs, xs)
        indices_array = self.device.send(indices)
        xs = permutate_list(xs, indices, inv=False)
        hs = [None if h is None else F.permutate(h, indices_array, axis=1) for h in hs]
        *states, ys = self._call_sorted(hs, xs)
        states = [F.permutate(h, indices_array, axis=1, inv=True) for h in states]
        return tuple(states) + (permutate_list(ys, indices, inv=True),)

    def _call_sorted(self, hs, xs):
        # The sequences xs are sorted by decreasing length.
        states = [self.init_hx(xs) if h is None else h for h in hs]
        trans_x = F.transpose_sequence(xs)
        if trans_x:
            *states, trans_y = self.rnn(
                self.n_layers, self.dropout, *states, self.ws, self.bs, trans_x)
            ys = list(F.transpose_sequence(trans_y))
        else:   # every sequence is empty: the states stay as they are
            states = [chainer.as_variable(h) for h in states]
            ys = []
        # empty sequences (sorted last) have no rows in the transposed outputs
        empty = (0, self.direction * self.out_size)
        ys += [_state.zeros(self, empty, xs[0].dtype) for _ in range(len(xs) - len(ys))]
        return tuple(states) + (ys,)

    def forward(self, hx, xs, **kwargs):
        """Computes the last hidden states of all layers and the outputs of the last layer.

        Args:
            hx (~chainer.Variable or None): Initial hidden states of shape
                ``(n_layers * direction, B, out_size)`` (``B = len(xs)``); zeros when
                ``None``.
            xs (list of ~chainer.Variable): ``B`` sequences of shape ``(L_i, in_size)``.

        Returns:
            tuple: ``(hy, ys)``: the last hidden states (shaped as ``hx``) and the list of
            outputs ``ys[i]`` of shape ``(L_i, direction * out_size)``.
        """
        argument.check_unexpected_kwargs(kwargs, train=argument._TRAIN_REMOVED)
        argument.assert_kwargs_empty(kwargs)
        return self._call([hx], xs)


class NStepRNNTanh(NStepRNNBase):
    """Stacked uni-directional Elman RNN with ``tanh`` (see
    :func:`~chainer.functions.n_step_rnn`); called as ``hy, ys = link(hx, xs)``.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Input size.
        out_size (int): Number of units.
        dropout (float): Dropout ratio.
        initialW: Initializer of the weights ``w0`` (input) and ``w1`` (recurrent).
        initial_bias: Initializer of the biases ``b0`` and ``b1``.
    """

    n_weights = 2
    use_bi_direction = False
    n_cells = _HIDDEN_STATE_ONLY
    rnn = _rnn_calling('n_step_rnn', 'tanh')


class NStepRNNReLU(NStepRNNBase):
    """Stacked uni-directional Elman RNN with ``relu``; see :class:`NStepRNNTanh`."""

    n_weights = 2
    use_bi_direction = False
    n_cells = _HIDDEN_STATE_ONLY
    rnn = _rnn_calling('n_step_rnn', 'relu')


class NStepBiRNNTanh(NStepRNNBase):
    """Stacked bi-directional Elman RNN with ``tanh`` (see
    :func:`~chainer.functions.n_step_birnn`); ``hx`` has ``2 * n_layers`` rows and the
    outputs ``2 * out_size`` features.  Arguments as in :class:`NStepRNNTanh`.
    """

    n_weights = 2
    use_bi_direction = True
    n_cells = _HIDDEN_STATE_ONLY
    rnn = _rnn_calling('n_step_birnn', 'tanh')


class NStepBiRNNReLU(NStepRNNBase):
    """Stacked bi-directional Elman RNN with ``relu``; see :class:`NStepBiRNNTanh`."""

    n_weights = 2
    use_bi_direction = True
    n_cells = _HIDDEN_STATE_ONLY
    rnn = _rnn_calling('n_step_birnn', 'relu')
