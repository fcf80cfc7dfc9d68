"""NumPy references of the recurrences and checks shared by the recurrent link tests."""
import types

import numpy
import pytest

import chainer
from chainer import gradient_check, testing


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm(c, z):
    # chainer.functions.lstm in float64: gates interleaved per unit as (a, i, f, o); only the
    # first len(z) rows of the cell are updated.
    r = z.reshape(len(z), -1, 4)
    a, i, f, o = (r[:, :, k] for k in range(4))
    c_new = numpy.array(c, dtype=numpy.float64)
    c_new[:len(z)] = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c[:len(z)]
    return c_new, _sigmoid(o) * numpy.tanh(c_new[:len(z)])


def _affine(x, linear):
    # x W^T + b of a Linear link, in float64.
    y = numpy.asarray(x, numpy.float64) @ linear.W.array.T.astype(numpy.float64)
    if linear.b is not None:
        y += linear.b.array
    return y


def _rnn_cell(activation):
    def cell(w, b, x, h, c):
        return activation(w[0] @ x + b[0] + w[1] @ h + b[1]), None
    return cell


def _gru_cell(w, b, x, h, c):
    r = _sigmoid(w[0] @ x + b[0] + w[3] @ h + b[3])
    z = _sigmoid(w[1] @ x + b[1] + w[4] @ h + b[4])
    h_bar = numpy.tanh(w[2] @ x + b[2] + r * (w[5] @ h + b[5]))
    return (1 - z) * h_bar + z * h, None


def _lstm_cell(w, b, x, h, c):
    i, f, a, o = (w[k] @ x + b[k] + w[k + 4] @ h + b[k + 4] for k in range(4))
    c = _sigmoid(f) * c + _sigmoid(i) * numpy.tanh(a)
    return _sigmoid(o) * numpy.tanh(c), c


def _n_step(cell, n_layers, directions, hx, cx, ws, bs, xs):
    """Stacked (bi-directional) RNN run on each sequence alone, in float64.

    ``ws[layer * directions + di][j]`` / ``bs[...]`` are the weights and biases, ``hx`` and
    ``cx`` (or ``None``) the initial states ``(n_layers * directions, B, N)``, ``xs`` the B
    sequences.  Returns ``(hy, cy, ys)`` (``cy`` None without ``cx``).
    """
    f64 = numpy.float64
    ws = [[numpy.asarray(w, f64) for w in row] for row in ws]
    bs = [[numpy.asarray(b, f64) for b in row] for row in bs]
    hy = numpy.array(hx, f64)
    cy = None if cx is None else numpy.array(cx, f64)
    ys = []
    for seq, x in enumerate(xs):
        inputs = numpy.asarray(x, f64)
        for layer in range(n_layers):
            outs = []
            for di in range(directions):
                k = layer * directions + di
                h = hy[k, seq]
                c = None if cy is None else cy[k, seq]
                hs = []
                for x_t in (inputs if di == 0 else inputs[::-1]):
                    h, c = cell(ws[k], bs[k], x_t, h, c)
                    hs.append(h)
                hy[k, seq] = h
                if cy is not None:
                    cy[k, seq] = c
                outs.append(numpy.array(hs[::-1] if di else hs).reshape(len(inputs), h.size))
            inputs = numpy.concatenate(outs, axis=1)
        ys.append(inputs)
    return hy, cy, ys


@pytest.fixture
def ref():
    """NumPy (float64) references:

    * ``sigmoid(x)``, ``affine(x, linear_link)``;
    * ``lstm(c, z) -> (c, h)``: the cell of :func:`chainer.functions.lstm`;
    * ``n_step(cell, n_layers, directions, hx, cx, ws, bs, xs) -> (hy, cy, ys)`` with the
      cells ``rnn_tanh``, ``rnn_relu``, ``gru_cell`` and ``lstm_cell`` of the n-step
      functions (weights in their order, e.g. cuDNN's ``i, f, a, o`` for the LSTM).
    """
    return types.SimpleNamespace(
        sigmoid=_sigmoid, lstm=_lstm, affine=_affine, n_step=_n_step,
        rnn_tanh=_rnn_cell(numpy.tanh), rnn_relu=_rnn_cell(lambda v: numpy.maximum(v, 0)),
        gru_cell=_gru_cell, lstm_cell=_lstm_cell)


def _tolerances(dtype, float16_forward=1e-2):
    # (forward, backward) tolerances of the recurrent link tests
    if dtype == numpy.float16:
        return ({'atol': float16_forward, 'rtol': float16_forward},
                {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2})
    return ({'atol': 1e-5, 'rtol': 1e-4},
            {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-3})


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _check_stateful_backward(link, xs, gy, backward_tol, backend_config=None):
    # The gradients of the last output of the steps link(x) over xs from a reset state,
    # w.r.t. the inputs and the parameters (on the device of backend_config, when given).
    def run(*xs):
        link.reset_state()
        for x in xs:
            y = link(x)
        return y

    if backend_config is None:
        gradient_check.check_backward(
            run, tuple(xs), gy, params=tuple(link.params()), **backward_tol)
        return
    with backend_config:
        gradient_check.check_backward(
            run, backend_config.get_array(tuple(xs)), backend_config.get_array(gy),
            params=tuple(link.params()), **backward_tol)


@pytest.fixture
def recurrent():
    """Inputs and checks of the recurrent link tests, as a namespace of functions:

    * ``uniform(shape, dtype)``: an array of values drawn uniformly from ``[-1, 1)``;
    * ``tolerances(dtype)``: the ``(forward, backward)`` tolerances (keyword arguments of
      ``testing.assert_allclose`` and ``gradient_check.check_backward``);
    * ``check_stateful_backward(link, xs, gy, backward_tol, backend_config=None)``: the
      gradients of the last output of ``link(x)`` over the steps ``xs`` (from a reset state)
      w.r.t. the inputs and the parameters.
    """
    return types.SimpleNamespace(uniform=_uniform, tolerances=_tolerances,
                                 check_stateful_backward=_check_stateful_backward)


class _NStepCase:
    """An n-step link with random biases, inputs and (optionally) initial states.

    The link is called as ``link(*states, xs)`` and its outputs are flattened to
    ``(*states, *ys)``; :meth:`expected` gives the same from the NumPy reference.
    """

    in_size = 3
    out_size = 4

    def __init__(self, ref, cls, cell, n_layers, lengths, dtype, with_state):
        self.ref = ref
        self.cell = getattr(ref, cell)
        self.dtype = dtype
        with chainer.using_config('dtype', dtype):
            self.link = cls(n_layers, self.in_size, self.out_size, 0.0)
        for b in self.link.params():
            if b.ndim == 1:
                b.array[...] = _uniform(b.shape, dtype)
        self.directions = 2 if cls.use_bi_direction else 1
        self.xs = [_uniform((n, self.in_size), dtype) for n in lengths]
        shape = (n_layers * self.directions, len(lengths), self.out_size)
        self.states = [_uniform(shape, dtype) if with_state else None
                       for _ in range(self.link.n_cells)]
        self.forward_tol, self.backward_tol = _tolerances(dtype, float16_forward=2e-2)

    def inputs(self):
        return tuple(s for s in self.states if s is not None) + tuple(self.xs)

    def call(self, *inputs):
        # inputs as given by inputs(); returns (*states, *ys)
        n_states = sum(s is not None for s in self.states)
        states = list(inputs[:n_states]) + [None] * (len(self.states) - n_states)
        *states, ys = self.link(*states, list(inputs[n_states:]))
        assert isinstance(ys, list) and len(ys) == len(self.xs)
        return tuple(states) + tuple(ys)

    def expected(self):
        zeros = numpy.zeros(
            (self.link.n_layers * self.directions, len(self.xs), self.out_size))
        hx, cx = [zeros if s is None else s for s in self.states] + [None] * (
            2 - len(self.states))
        hy, cy, ys = self.ref.n_step(
            self.cell, self.link.n_layers, self.directions, hx, cx,
            [[w.array for w in row] for row in self.link.ws],
            [[b.array for b in row] for row in self.link.bs], self.xs)
        return tuple(s for s in (hy, cy) if s is not None) + tuple(ys)

    def check_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            outputs = self.call(*backend_config.get_array(self.inputs()))
        self.link.to_device('@numpy')
        expected = self.expected()
        assert len(outputs) == len(expected)
        for y, e in zip(outputs, expected):
            assert y.dtype == self.dtype and y.shape == e.shape
            testing.assert_allclose(y.array, e, **self.forward_tol)

    def check_backward(self, backend_config):
        grads = tuple(_uniform(e.shape, self.dtype) for e in self.expected())
        self.link.to_device(backend_config.device)
        with backend_config:
            gradient_check.check_backward(
                self.call, backend_config.get_array(self.inputs()),
                backend_config.get_array(grads), params=tuple(self.link.params()),
                **self.backward_tol)


@pytest.fixture
def n_step_case(ref):
    """``n_step_case(cls, cell, n_layers, lengths, dtype, with_state)``: an
    :class:`_NStepCase` whose ``check_forward(backend_config)`` compares the link with the
    NumPy reference using the ``ref`` cell named ``cell`` and whose
    ``check_backward(backend_config)`` checks the gradients of inputs, states and
    parameters."""
    def make(cls, cell, n_layers, lengths, dtype, with_state):
        return _NStepCase(ref, cls, cell, n_layers, lengths, dtype, with_state)
    return make


def _v7_arrays(layout, seed=0):
    rng = numpy.random.RandomState(seed)
    return {key: rng.uniform(-1, 1, shape).astype(numpy.float32)
            for key, shape in layout.items()}


@pytest.fixture
def v7_arrays():
    """``v7_arrays(layout)``: random float32 arrays for a ``{npz key: shape}`` layout."""
    return _v7_arrays


def _check_layout(link, layout):
    # The parameter paths and shapes are those Chainer v7 saves (the NPZ keys).
    found = {name[1:]: param.shape for name, param in link.namedparams()}
    assert found == layout


def _check_copies(link):
    # copy(mode) and repeat() give links of the same structure: 'share' shares the arrays,
    # 'copy' duplicates them, 'init' re-initializes them.
    names = [name for name, _ in link.namedparams()]
    for mode in ('share', 'copy', 'init'):
        dup = link.copy(mode)
        assert type(dup) is type(link)
        assert [name for name, _ in dup.namedparams()] == names
        for (name, p), (_, q) in zip(link.namedparams(), dup.namedparams()):
            assert p is not q
            assert (p.array is q.array) == (mode == 'share'), name
            if mode == 'copy':
                numpy.testing.assert_array_equal(p.array, q.array)
    stacked = link.repeat(3)
    assert isinstance(stacked, chainer.Sequential)
    assert len(stacked) == 3
    for dup in stacked:
        assert type(dup) is type(link)
        assert [name for name, _ in dup.namedparams()] == names
        assert all(p.array is not q.array
                   for (_, p), (_, q) in zip(link.namedparams(), dup.namedparams()))


def _fill(link):
    # Parameters from RandomState(0) uniform(-1, 1) in sorted path order: the values used to
    # record outputs of Chainer v7.8.1 in the tests.
    rng = numpy.random.RandomState(0)
    for _, param in sorted(link.namedparams()):
        param.array[...] = rng.uniform(-1, 1, param.shape)
    return link


V7_INPUTS = types.SimpleNamespace(
    # inputs of the recorded v7 outputs
    xs=[numpy.linspace(-1, 1, 6, dtype=numpy.float32).reshape(3, 2),
        numpy.linspace(1, -0.5, 2, dtype=numpy.float32).reshape(1, 2)],
    x=numpy.array([[0.5, -0.25]], numpy.float32),
    h=numpy.array([[0.1, -0.2]], numpy.float32),
    c=numpy.array([[-0.3, 0.4]], numpy.float32))


@pytest.fixture
def v7_record():
    """``fill(link)`` sets the parameters as for the outputs recorded with Chainer v7.8.1
    on the inputs ``xs`` (two sequences), ``x``, ``h`` and ``c`` (batch 1, size 2)."""
    return types.SimpleNamespace(fill=_fill, **vars(V7_INPUTS))


@pytest.fixture
def link_contract(load_v7_npz, v7_arrays, check_round_trips):
    """Checks of the generic link contract, as a namespace of functions:

    * ``layout(link, layout)``: the parameters have exactly the v7 paths and shapes;
    * ``load_v7(link, layout)``: an NPZ fabricated with those keys loads into ``link``;
    * ``round_trips(make_link, run)``: NPZ and HDF5 round trips of a link used by ``run``;
    * ``copies(link)``: ``copy`` in every mode and ``repeat``.
    """
    return types.SimpleNamespace(
        layout=_check_layout,
        load_v7=lambda link, layout: load_v7_npz(link, v7_arrays(layout)),
        round_trips=check_round_trips,
        copies=_check_copies)
