import numpy
import pytest

import chainer
from chainer import gradient_check, testing
import chainer.links as L

CHILD_SUM_LAYOUT = {'W_h_aio/W': (12, 4), 'W_h_f/W': (4, 4), 'W_x/W': (16, 3),
                    'W_x/b': (16,)}
NARY_LAYOUT = {'W_h1/W': (20, 4), 'W_h2/W': (20, 4), 'W_x/W': (20, 3), 'W_x/b': (20,)}


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _cell(ref, a, i, o, fs, cs):
    c = numpy.tanh(a) * ref.sigmoid(i)
    for f, c_k in zip(fs, cs):
        c = c + ref.sigmoid(f) * c_k
    return c, ref.sigmoid(o) * numpy.tanh(c)


def _child_sum(ref, link, cs, hs, x):
    size = link.state_size
    wx = ref.affine(x, link.W_x)
    aio = wx[:, :3 * size]
    if hs:
        aio = aio + ref.affine(sum(hs), link.W_h_aio)
    fs = [wx[:, 3 * size:] + ref.affine(h, link.W_h_f) for h in hs]
    return _cell(ref, *numpy.split(aio, 3, axis=1), fs, cs)


def _nary(ref, link, cs, hs, x):
    z = ref.affine(x, link.W_x)
    for k, h in enumerate(hs, 1):
        z = z + ref.affine(h, getattr(link, 'W_h{}'.format(k)))
    a, i, o, *fs = numpy.split(z, 3 + len(hs), axis=1)
    return _cell(ref, a, i, o, fs, cs)


def _make(cls, dtype, n_children, lazy=False):
    kwargs = {'n_ary': n_children} if cls is L.NaryTreeLSTM else {}
    with chainer.using_config('dtype', dtype):
        link = cls(None if lazy else 3, 4, **kwargs)
    link.W_x.b.array[...] = _uniform(link.W_x.b.shape, dtype)
    return link


@testing.parameterize(*(
    testing.product({
        'cls': [L.ChildSumTreeLSTM],
        'n_children': [0, 1, 3],
        'dtype': [numpy.float16, numpy.float32, numpy.float64],
        'lazy': [False, True],
    }) + testing.product({
        'cls': [L.NaryTreeLSTM],
        'n_children': [1, 2, 3],
        'dtype': [numpy.float16, numpy.float32, numpy.float64],
        'lazy': [False, True],
    })))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTreeLSTM:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        self.link = _make(self.cls, self.dtype, self.n_children, self.lazy)
        n = self.n_children
        self.inputs = tuple(_uniform((2, 4), self.dtype) for _ in range(2 * n)) + (
            _uniform((2, 3), self.dtype),)
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def _expected(self):
        n = self.n_children
        cs, hs, x = self.inputs[:n], self.inputs[n:2 * n], self.inputs[-1]
        reference = _child_sum if self.cls is L.ChildSumTreeLSTM else _nary
        return reference(self.ref, self.link, cs, hs, x)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            c, h = self.link(*backend_config.get_array(self.inputs))
        assert c.dtype == h.dtype == self.dtype
        self.link.to_device('@numpy')
        expected_c, expected_h = self._expected()
        testing.assert_allclose(c.array, expected_c, **self.forward_tol)
        testing.assert_allclose(h.array, expected_h, **self.forward_tol)

    def test_backward(self, backend_config):
        self.link(*self.inputs)   # lazy parameters
        self.link.to_device(backend_config.device)
        grads = (_uniform((2, 4), self.dtype), _uniform((2, 4), self.dtype))
        with backend_config:
            gradient_check.check_backward(
                self.link, backend_config.get_array(self.inputs),
                backend_config.get_array(grads), params=tuple(self.link.params()),
                **self.backward_tol)


def _states(n):
    return [_uniform((2, 4), numpy.float32) for _ in range(n)]


@pytest.mark.parametrize('cls', [L.ChildSumTreeLSTM, L.NaryTreeLSTM])
class TestMissingChildren:

    def test_none_child_is_zeros(self, cls):
        link = _make(cls, numpy.float32, 2)
        cs, hs, x = _states(2), _states(2), _uniform((2, 3), numpy.float32)
        zeros = numpy.zeros((2, 4), numpy.float32)
        for got, want in zip(link(cs[0], None, hs[0], None, x),
                             link(cs[0], zeros, hs[0], zeros, x)):
            numpy.testing.assert_array_equal(got.array, want.array)

    def test_none_input_is_zeros(self, cls):
        link = _make(cls, numpy.float32, 2)
        cs, hs = _states(2), _states(2)
        zeros = numpy.zeros((2, 3), numpy.float32)
        for got, want in zip(link(*cs, *hs, None), link(*cs, *hs, zeros)):
            numpy.testing.assert_array_equal(got.array, want.array)

    def test_leaf(self, cls):
        link = _make(cls, numpy.float32, 2)
        c, h = link(None, None, None, None, _uniform((2, 3), numpy.float32))
        assert c.shape == h.shape == (2, 4)

    def test_all_none(self, cls):
        link = _make(cls, numpy.float32, 2)
        with pytest.raises(ValueError, match='None'):
            link(None, None, None, None, None)


def test_child_sum_ignores_the_order_of_children():
    link = _make(L.ChildSumTreeLSTM, numpy.float32, 3)
    cs, hs, x = _states(3), _states(3), _uniform((2, 3), numpy.float32)
    c1, h1 = link(*cs, *hs, x)
    c2, h2 = link(cs[2], cs[0], cs[1], hs[2], hs[0], hs[1], x)
    testing.assert_allclose(c1.array, c2.array, atol=1e-6, rtol=1e-5)
    testing.assert_allclose(h1.array, h2.array, atol=1e-6, rtol=1e-5)


def test_child_sum_absent_and_none_children_agree():
    link = _make(L.ChildSumTreeLSTM, numpy.float32, 2)
    c, h, x = _states(1)[0], _states(1)[0], _uniform((2, 3), numpy.float32)
    for got, want in zip(link(c, None, h, None, x), link(c, h, x)):
        testing.assert_allclose(got.array, want.array)


def test_child_sum_needs_pairs_of_states():
    link = _make(L.ChildSumTreeLSTM, numpy.float32, 2)
    c, x = _states(1)[0], _uniform((2, 3), numpy.float32)
    with pytest.raises(AssertionError, match='odd number'):
        link(c, x)


def test_nary_depends_on_the_order_of_children():
    link = _make(L.NaryTreeLSTM, numpy.float32, 2)
    cs, hs, x = _states(2), _states(2), _uniform((2, 3), numpy.float32)
    c1, _ = link(*cs, *hs, x)
    c2, _ = link(cs[1], cs[0], hs[1], hs[0], x)
    assert not numpy.allclose(c1.array, c2.array)


def test_nary_checks_the_number_of_arguments():
    link = L.NaryTreeLSTM(3, 4, n_ary=2)
    with pytest.raises(AssertionError, match='takes 5 arguments'):
        link(*_states(4))


def test_nary_needs_a_child():
    with pytest.raises(AssertionError, match='n_ary'):
        L.NaryTreeLSTM(3, 4, n_ary=0)


@pytest.mark.parametrize('cls, layout, text', [
    (L.ChildSumTreeLSTM, CHILD_SUM_LAYOUT,
     'ChildSumTreeLSTM(\n'
     '  (W_h_aio): Linear(in_size=4, out_size=12, nobias=True),\n'
     '  (W_h_f): Linear(in_size=4, out_size=4, nobias=True),\n'
     '  (W_x): Linear(in_size=3, out_size=16, nobias=False),\n'
     ')'),
    (L.NaryTreeLSTM, NARY_LAYOUT,
     'NaryTreeLSTM(\n'
     '  (W_h1): Linear(in_size=4, out_size=20, nobias=True),\n'
     '  (W_h2): Linear(in_size=4, out_size=20, nobias=True),\n'
     '  (W_x): Linear(in_size=3, out_size=20, nobias=False),\n'
     ')'),
])
class TestTreeLSTMContract:

    def _run(self, link):
        return link(*_states(4), _uniform((2, 3), numpy.float32))

    def test_layout_and_str(self, cls, layout, text, link_contract):
        link = cls(3, 4)
        link_contract.layout(link, layout)
        assert list(link.printable_specs) == []
        assert str(link) == text
        assert (link.in_size, link.state_size) == (3, 4)

    def test_default_initialization(self, cls, layout, text):
        numpy.random.seed(0)
        link = cls(300, 100)
        numpy.testing.assert_array_equal(link.W_x.b.array, numpy.zeros(link.W_x.b.shape))
        assert abs(link.W_x.W.array.std() - numpy.sqrt(1 / 300)) < 2e-3

    def test_load_v7_npz(self, cls, layout, text, link_contract):
        link_contract.load_v7(cls(None, 4), layout)

    def test_round_trips(self, cls, layout, text, link_contract):
        link_contract.round_trips(lambda: cls(None, 4), self._run)

    def test_copies(self, cls, layout, text, link_contract):
        link = cls(3, 4)
        self._run(link)
        link_contract.copies(link)


@pytest.mark.parametrize('link, expected', [
    (L.ChildSumTreeLSTM(2, 2), [[-0.38563239574432373, 0.28842875361442566]]),
    (L.NaryTreeLSTM(2, 2, 2), [[-0.28836461901664734, 0.0878690630197525]]),
])
def test_matches_chainer_v7(link, expected, v7_record):
    r = v7_record
    _, h = r.fill(link)(r.c, r.c * 2, r.h, r.h * 3, r.x)
    testing.assert_allclose(h.array, expected, atol=1e-6, rtol=1e-6)
