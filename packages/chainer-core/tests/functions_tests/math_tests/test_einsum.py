import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'case': [
        ('ij,jk->ik', [(2, 3), (3, 4)]),
        ('ij,jk', [(2, 3), (3, 4)]),
        ('ij->ji', [(2, 3)]),
        ('ij->', [(2, 3)]),
        ('ii->i', [(3, 3)]),
        ('ii', [(3, 3)]),
        ('ij,ij->i', [(2, 3), (2, 3)]),
        ('i,j->ij', [(2,), (3,)]),
        ('bij,bjk->bik', [(2, 2, 3), (2, 3, 2)]),
        ('ijk,k->', [(2, 3, 2), (2,)]),
        ('ij,k->ik', [(2, 3), (2,)]),
        ('iij->j', [(2, 2, 3)]),
        ('ii,i->i', [(3, 3), (3,)]),
        ('...ij,...jk->...ik', [(2, 2, 3), (2, 3, 2)]),
        ('...i,j...->ij...', [(2, 3), (4, 2)]),
        ('i...->...', [(3, 2, 2)]),
        ('ij,ij,j->i', [(2, 3), (2, 3), (3,)]),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestEinSum(testing.FunctionTestCase):

    def setUp(self):
        self.subscripts, self.shapes = self.case
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        return tuple(numpy.random.uniform(-1, 1, s).astype(self.dtype) for s in self.shapes)

    def forward(self, inputs, device):
        return F.einsum(self.subscripts, *inputs),

    def forward_expected(self, inputs):
        y = numpy.einsum(self.subscripts, *[x.astype(numpy.float64) for x in inputs])
        return numpy.asarray(y).astype(self.dtype),


def test_einsum_label():
    y = F.einsum('ij->j', chainer.Variable(numpy.ones((2, 3), numpy.float32)))
    assert y.creator.label == 'EinSum'


@pytest.mark.parametrize('subscripts,shapes', [
    ('ij,jk->ik', [(2, 3), (4, 5)]),
    ('ii->i', [(2, 3)]),
    # as v7, sizes agree exactly (no broadcasting from size one) ...
    ('ij,j->ij', [(2, 1), (3,)]),
    ('i,i', [(1,), (3,)]),
    # ... and the ellipsis is the same dimensions in every operand
    ('...ij,...jk->...ik', [(2, 2, 3), (3, 2)]),
    ('...,...', [(), (2,)]),
    ('...i,...i', [(1, 3, 2), (3, 2)]),
])
def test_einsum_invalid_type(subscripts, shapes):
    with pytest.raises(type_check.InvalidType):
        F.einsum(subscripts, *[numpy.ones(s, numpy.float32) for s in shapes])


@pytest.mark.parametrize('subscripts,shapes', [
    ('ij,jk->ik', [(2, 3)]),
    ('ij->ii', [(2, 2)]),
    ('ij->k', [(2, 2)]),
    ('i1->i', [(2, 2)]),
    ('...i->i', [(2, 2)]),
    ('ijk->i', [(2, 2)]),
    ('ij->i', [(2, 3, 4)]),
])
def test_einsum_invalid_subscripts(subscripts, shapes):
    with pytest.raises(ValueError):
        F.einsum(subscripts, *[numpy.ones(s, numpy.float32) for s in shapes])


def test_einsum_int_invalid():
    with pytest.raises(type_check.InvalidType):
        F.einsum('ij->i', numpy.ones((2, 3), numpy.int32))


@pytest.mark.parametrize('operands,expected', [
    (lambda a, b: (a, [0, 1], b, [1, 2]), lambda a, b: a.dot(b)),
    (lambda a, b: (a, [0, 1], b, [1, 2], [2, 0]), lambda a, b: a.dot(b).T),
    (lambda a, b: (a, [Ellipsis, 1], b, [1, 2], [Ellipsis, 2]), lambda a, b: a.dot(b)),
    (lambda a, b: ('i j , j k', a, b), lambda a, b: a.dot(b)),
])
def test_einsum_call_forms_of_numpy(operands, expected):
    # NumPy's sublist form: each operand followed by integer labels, the output list last.
    a = chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32))
    b = chainer.Variable(numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32))
    y = F.einsum(*operands(a, b))
    testing.assert_allclose(y.array, expected(a.array, b.array))
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert a.grad.shape == a.shape and b.grad.shape == b.shape


def test_einsum_internals_of_v7():
    from chainer.functions.math import einsum as m
    a = numpy.ones((2, 3), numpy.float32)
    b = numpy.ones((3, 4), numpy.float32)
    c = numpy.ones((5, 2, 3), numpy.float32)
    assert m.einsum_symbols[:3] == 'ABC' and len(m.einsum_symbols_set) == 52
    assert m._parse_einsum_input(('ij,jk->ik', a, b))[:2] == ('ij,jk', 'ik')
    assert m._parse_einsum_input(('...j,jk', c, b))[:2] == ('@j,jk', '@k')
    assert m._parse_einsum_input((a, [0, 1], b, [1, 2], [2, 0]))[:2] == ('AB,BC', 'CA')
    assert list(m._enumerate_axes('i@j')) == [(0, 'i'), (slice(1, -1), '@'), (-1, 'j')]
    assert m._einsum(numpy, numpy.float32, '@j,jk', '@k', c, b).shape == (5, 2, 4)
    y = m.EinSum('ij,jk', 'ik').apply((a, b))[0]
    testing.assert_allclose(y.array, a.dot(b))
    z = m.DiagEinSum('i', 'ii', (3, 3)).apply((numpy.arange(3, dtype=numpy.float32),))[0]
    testing.assert_allclose(z.array, numpy.diag([0., 1., 2.]))
    with pytest.raises(TypeError):
        m._parse_einsum_input((a, ['a']))
    with pytest.raises(ValueError, match='Invalid Ellipses'):
        m._parse_einsum_input(('i.j', a))


def test_einsum_mixed_float_dtypes():
    a = numpy.ones((2, 3), numpy.float32)
    b = numpy.ones((3, 4), numpy.float16)
    assert F.einsum('ij,jk->ik', a, b).dtype == numpy.float32
