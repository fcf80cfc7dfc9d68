import numpy
import pytest

import chainer
from chainer import testing
import chainer.links as L
from chainer.links.rnn import n_step_rnn
from chainer.testing import attr

CELLS = {L.NStepRNNTanh: 'rnn_tanh', L.NStepRNNReLU: 'rnn_relu',
         L.NStepBiRNNTanh: 'rnn_tanh', L.NStepBiRNNReLU: 'rnn_relu'}
ALL_CLASSES = [L.NStepRNNTanh, L.NStepRNNReLU, L.NStepBiRNNTanh, L.NStepBiRNNReLU,
               L.NStepGRU, L.NStepBiGRU, L.NStepLSTM, L.NStepBiLSTM]


class TestArgsortListDescent:

    def test_order(self):
        xs = [numpy.zeros(n) for n in (2, 5, 3, 1)]
        order = n_step_rnn.argsort_list_descent(xs)
        assert order.dtype == numpy.int32
        numpy.testing.assert_array_equal(order, [1, 2, 0, 3])

    def test_ties_keep_lengths_descending(self):
        lengths = [2, 4, 3, 4, 2, 1, 4, 3, 3]
        order = n_step_rnn.argsort_list_descent([[0] * n for n in lengths])
        assert sorted(order) == list(range(len(lengths)))
        assert [lengths[i] for i in order] == sorted(lengths, reverse=True)

    def test_variables_and_empty_list(self):
        xs = [chainer.Variable(numpy.zeros((2, 3))), chainer.Variable(numpy.zeros((5, 3)))]
        numpy.testing.assert_array_equal(n_step_rnn.argsort_list_descent(xs), [1, 0])
        assert len(n_step_rnn.argsort_list_descent([])) == 0


class TestPermutateList:

    def test_forward_and_inverse(self):
        items = ['a', 'b', 'c', 'd']
        indices = numpy.array([2, 0, 3, 1])
        assert n_step_rnn.permutate_list(items, indices, inv=False) == ['c', 'a', 'd', 'b']
        assert n_step_rnn.permutate_list(items, indices, inv=True) == ['b', 'd', 'a', 'c']
        permuted = n_step_rnn.permutate_list(items, indices, False)
        assert n_step_rnn.permutate_list(permuted, indices, True) == items


@testing.parameterize(*testing.product({
    'cls': list(CELLS),
    'n_layers': [1, 2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'with_state': [True, False],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestNStepRNN:

    @pytest.fixture(autouse=True)
    def _setup(self, n_step_case):
        # fixed draws: the numerical gradient of a float16 ReLU cell can straddle a kink
        numpy.random.seed(0)
        self.case = n_step_case(self.cls, CELLS[self.cls], self.n_layers, [3, 1, 4, 3],
                                self.dtype, self.with_state)

    def test_forward(self, backend_config):
        self.case.check_forward(backend_config)

    def test_backward(self, backend_config):
        self.case.check_backward(backend_config)


@pytest.mark.parametrize('cls', ALL_CLASSES)
class TestNStepCommon:
    """Behaviour shared by all the n-step links (their base class)."""

    def _call(self, link, xs, hx=None):
        states = [hx] + [None] * (link.n_cells - 1)
        *states, ys = link(*states, xs)
        return states, ys

    def test_attributes(self, cls):
        link = cls(2, 3, 4, 0.25)
        direction = 2 if cls.use_bi_direction else 1
        assert (link.n_layers, link.out_size, link.dropout, link.direction) == (
            2, 4, 0.25, direction)
        assert len(link) == 2 * direction
        assert link.n_cells == (2 if 'LSTM' in cls.__name__ else 1)
        assert len(link.ws) == len(link.bs) == 2 * direction
        for child, ws, bs in zip(link, link.ws, link.bs):
            assert type(child) is chainer.Link
            assert len(ws) == len(bs) == link.n_weights
            for j, (w, b) in enumerate(zip(ws, bs)):
                assert w is getattr(child, 'w%d' % j) and b is getattr(child, 'b%d' % j)

    def test_ws_follow_replaced_parameters(self, cls):
        link = cls(1, 3, 4, 0.0)
        new = chainer.Parameter(numpy.zeros((4, 3), numpy.float32))
        with link[0].init_scope():
            link[0].w0 = new
        assert link.ws[0][0] is new

    def test_initialization(self, cls):
        numpy.random.seed(0)
        link = cls(2, 200, 100, 0.0)
        half = link.n_weights // 2
        for layer, (ws, bs) in enumerate(zip(link.ws, link.bs)):
            for j, (w, b) in enumerate(zip(ws, bs)):
                numpy.testing.assert_array_equal(b.array, numpy.zeros(100))
                fan_in = w.shape[1]
                assert abs(w.array.std() - numpy.sqrt(1 / fan_in)) < 5e-3
                if j >= half:
                    assert fan_in == 100
                elif layer < link.direction:
                    assert fan_in == 200
                else:
                    assert fan_in == 100 * link.direction

    def test_initializers(self, cls):
        link = cls(1, 3, 4, 0.0, initialW=0.5, initial_bias=chainer.initializers.Constant(2))
        for w, b in zip(link.ws[0], link.bs[0]):
            assert (w.array == 0.5).all() and (b.array == 2).all()

    def test_dtype_from_config(self, cls):
        with chainer.using_config('dtype', numpy.float64):
            link = cls(1, 3, 4, 0.0)
        assert {p.dtype for p in link.params()} == {numpy.dtype(numpy.float64)}

    def test_no_lazy_in_size(self, cls):
        with pytest.raises(TypeError):
            cls(1, None, 4, 0.0)

    def test_removed_arguments(self, cls):
        with pytest.raises(ValueError, match='use_cudnn argument is not supported'):
            cls(1, 3, 4, 0.0, use_cudnn=True)
        with pytest.raises(ValueError, match='use_bi_direction is not supported anymore'):
            cls(1, 3, 4, 0.0, use_bi_direction=False)
        with pytest.raises(TypeError):
            cls(1, 3, 4, 0.0, train=True)
        link = cls(1, 3, 4, 0.0)
        states = [None] * link.n_cells
        xs = [numpy.zeros((2, 3), numpy.float32)]
        with pytest.raises(ValueError, match='train argument is not supported'):
            link(*states, xs, train=True)
        with pytest.raises(TypeError, match='forward'):
            link(*states, xs, foo=1)

    def test_xs_must_be_a_list(self, cls):
        link = cls(1, 3, 4, 0.0)
        with pytest.raises(AssertionError, match='list or tuple'):
            link(*([None] * link.n_cells), numpy.zeros((2, 2, 3), numpy.float32))
        with pytest.raises(IndexError, match='at least one sequence'):  # as v7
            link(*([None] * link.n_cells), [])

    def test_init_hx(self, cls):
        link = cls(2, 3, 4, 0.0)
        xs = [numpy.zeros((2, 3), numpy.float64)] * 5
        hx = link.init_hx(xs)
        assert isinstance(hx, chainer.Variable)
        assert hx.shape == (2 * link.direction, 5, 4) and hx.dtype == numpy.float64
        assert not hx.array.any()

    def test_order_of_sequences(self, cls):
        # each sequence gives the same results alone or among others, in any order
        link = cls(2, 3, 4, 0.0)
        lengths = [2, 5, 3, 5, 1]
        xs = [numpy.random.uniform(-1, 1, (n, 3)).astype(numpy.float32) for n in lengths]
        hx = numpy.random.uniform(-1, 1, (2 * link.direction, 5, 4)).astype(numpy.float32)
        states, ys = self._call(link, xs, hx)
        assert isinstance(ys, list)
        for k, x in enumerate(xs):
            alone_states, alone_ys = self._call(link, [x], hx[:, k:k + 1])
            testing.assert_allclose(alone_ys[0].array, ys[k].array, atol=1e-6, rtol=1e-5)
            for s, a in zip(states, alone_states):
                testing.assert_allclose(a.array[:, 0], s.array[:, k], atol=1e-6, rtol=1e-5)

    def test_tuple_of_variables(self, cls):
        link = cls(1, 3, 4, 0.0)
        xs = tuple(chainer.Variable(numpy.ones((n, 3), numpy.float32)) for n in (1, 2))
        _, ys = self._call(link, xs)
        assert [y.shape for y in ys] == [(1, 4 * link.direction), (2, 4 * link.direction)]

    def test_empty_sequences(self, cls):
        link = cls(1, 3, 4, 0.0)
        hx = numpy.random.uniform(-1, 1, (link.direction, 3, 4)).astype(numpy.float32)
        x = numpy.ones((2, 3), numpy.float32)
        empty = numpy.zeros((0, 3), numpy.float32)
        states, ys = self._call(link, [empty, x, empty], hx)
        assert [y.shape for y in ys] == [(0, 4 * link.direction), (2, 4 * link.direction),
                                         (0, 4 * link.direction)]
        # the states of empty sequences are left as they were
        numpy.testing.assert_array_equal(states[0].array[:, 0], hx[:, 0])
        numpy.testing.assert_array_equal(states[0].array[:, 2], hx[:, 2])
        states, ys = self._call(link, [empty, empty], hx[:, :2])
        numpy.testing.assert_array_equal(states[0].array, hx[:, :2])
        assert [y.shape for y in ys] == [(0, 4 * link.direction)] * 2

    def test_dropout(self, cls):
        link = cls(2, 3, 4, 0.75)
        xs = [numpy.random.uniform(-1, 1, (3, 3)).astype(numpy.float32) for _ in range(2)]
        with chainer.using_config('train', False):
            first = self._call(link, xs)[1][0].array
            numpy.testing.assert_array_equal(self._call(link, xs)[1][0].array, first)
        with chainer.using_config('train', True):
            differs = [not numpy.array_equal(self._call(link, xs)[1][0].array, first)
                       for _ in range(5)]
        assert any(differs)

    def test_single_layer_input_has_no_dropout(self, cls):
        link = cls(1, 3, 4, 0.75)
        xs = [numpy.random.uniform(-1, 1, (3, 3)).astype(numpy.float32)]
        with chainer.using_config('train', False):
            expected = self._call(link, xs)[1][0].array
        with chainer.using_config('train', True):
            numpy.testing.assert_array_equal(self._call(link, xs)[1][0].array, expected)

    def test_str(self, cls):
        link = cls(2, 3, 4, 0.0)
        lines = ['  ({}): Link(),'.format(i) for i in range(len(link))]
        assert str(link) == '\n'.join(['{}('.format(cls.__name__)] + lines + [')'])
        assert list(link.printable_specs) == []

    def test_copies(self, cls, link_contract):
        link = cls(2, 3, 4, 0.0)
        link_contract.copies(link)
        for mode in ('share', 'copy', 'init'):
            dup = link.copy(mode)
            assert dup.ws[1][0] is dup[1].w0 and dup.bs[0][1] is dup[0].b1

    def test_round_trips(self, cls, link_contract):
        link_contract.round_trips(lambda: cls(2, 3, 4, 0.0), lambda link: None)

    @attr.gpu
    def test_to_gpu(self, cls):
        import cupy
        link = cls(2, 3, 4, 0.0)
        link.to_device('@cupy:0')
        assert all(isinstance(w.array, cupy.ndarray) for ws in link.ws for w in ws)
        xs = [cupy.ones((n, 3), numpy.float32) for n in (1, 3)]
        states, ys = self._call(link, xs)
        assert isinstance(states[0].array, cupy.ndarray)
        assert all(isinstance(y.array, cupy.ndarray) for y in ys)


def _v7_layout(n_weights, n_layers, directions, in_size, out_size):
    # keys and shapes of the NPZ files of v7's n-step links
    layout = {}
    for layer in range(n_layers):
        layer_in = in_size if layer == 0 else out_size * directions
        for di in range(directions):
            child = layer * directions + di
            for j in range(n_weights):
                w_in = layer_in if j < n_weights // 2 else out_size
                layout['%d/w%d' % (child, j)] = (out_size, w_in)
                layout['%d/b%d' % (child, j)] = (out_size,)
    return layout


@pytest.mark.parametrize('cls, n_weights', [
    (L.NStepRNNTanh, 2), (L.NStepRNNReLU, 2), (L.NStepBiRNNTanh, 2), (L.NStepBiRNNReLU, 2),
    (L.NStepGRU, 6), (L.NStepBiGRU, 6), (L.NStepLSTM, 8), (L.NStepBiLSTM, 8)])
class TestV7Layout:

    def test_layout(self, cls, n_weights, link_contract):
        directions = 2 if cls.use_bi_direction else 1
        assert cls.n_weights == n_weights
        link_contract.layout(cls(2, 3, 4, 0.0), _v7_layout(n_weights, 2, directions, 3, 4))

    def test_load_v7_npz(self, cls, n_weights, link_contract):
        directions = 2 if cls.use_bi_direction else 1
        link_contract.load_v7(cls(2, 3, 4, 0.0), _v7_layout(n_weights, 2, directions, 3, 4))


def test_v7_layout_helper_matches_a_recorded_v7_file():
    # keys of an NStepBiRNNTanh(2, 3, 4, 0.) NPZ saved by Chainer v7.8
    recorded = {'0/b0': (4,), '0/b1': (4,), '0/w0': (4, 3), '0/w1': (4, 4),
                '1/b0': (4,), '1/b1': (4,), '1/w0': (4, 3), '1/w1': (4, 4),
                '2/b0': (4,), '2/b1': (4,), '2/w0': (4, 8), '2/w1': (4, 4),
                '3/b0': (4,), '3/b1': (4,), '3/w0': (4, 8), '3/w1': (4, 4)}
    assert _v7_layout(2, 2, 2, 3, 4) == recorded


def test_matches_chainer_v7(v7_record):
    _, ys = v7_record.fill(L.NStepRNNReLU(2, 2, 2, 0.0))(None, v7_record.xs)
    testing.assert_allclose(
        ys[0].array, [[0.0, 0.31103670597076416], [0.0, 1.1883031129837036],
                      [0.24630984663963318, 2.385023832321167]], atol=1e-6, rtol=1e-6)
