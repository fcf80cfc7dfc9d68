"""Fixtures shared by the link tests."""
import numpy
import pytest

from chainer import gradient_check
from chainer import serializers
from chainer import testing


@pytest.fixture
def load_v7_npz(tmp_path):
    """Writes ``arrays`` (v7 keys such as ``predictor/l1/W``) to an NPZ file, loads it into
    ``link`` with :func:`chainer.serializers.load_npz` and checks every parameter and
    persistent array of the link against the stored value.

    Call it as ``load_v7_npz(link, {'W': ..., 'b': ...}, path='')``.
    """
    def load(link, arrays, path=''):
        file = tmp_path / 'v7.npz'
        numpy.savez(file, **arrays)
        serializers.load_npz(str(file), link, path=path)
        stored = {key[len(path):]: value for key, value in arrays.items()}
        found = {}
        for link_path, sub in link.namedlinks():
            prefix = link_path.lstrip('/')
            prefix = prefix + '/' if prefix else ''
            for name, param in sub.namedparams():
                if '/' not in name[1:]:
                    found[prefix + name[1:]] = param.array
            for name in sub._persistent:
                found[prefix + name] = getattr(sub, name)
        assert sorted(found) == sorted(stored)
        for key, value in stored.items():
            numpy.testing.assert_array_equal(numpy.asarray(found[key]), value, err_msg=key)
    return load


def _check_round_trips(make_link, run=None):
    # NPZ and HDF5 round trips restore every parameter of a used link into a fresh one.
    src = make_link()
    if run is not None:
        run(src)
    for save_and_load, needs in ((testing.save_and_load_npz, None),
                                 (testing.save_and_load_hdf5, 'h5py')):
        if needs is not None:
            pytest.importorskip(needs, reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = make_link()
        save_and_load(src, dst)
        for (name, p), (_, q) in zip(sorted(src.namedparams()), sorted(dst.namedparams())):
            numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


@pytest.fixture
def check_round_trips():
    """``check(make_link, run=None)``: NPZ and HDF5 round trips (the latter only when h5py
    is installed) of a link made by ``make_link`` and used by ``run(link)`` restore every
    parameter into a fresh ``make_link()``."""
    return _check_round_trips


def _per_axis(value, ndim):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * ndim


def _window(offset, dilate, stride, size):
    # Positions ``offset * dilate + i * stride`` for ``i < size``.
    start = offset * dilate
    return slice(start, start + (size - 1) * stride + 1, stride)


def _conv_reference(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    # N-dimensional grouped, dilated convolution in float64, one kernel offset at a time.
    nd = x.ndim - 2
    stride, pad, dilate = (_per_axis(v, nd) for v in (stride, pad, dilate))
    x = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    W = W.astype(numpy.float64)
    out_channels, in_per_group = W.shape[:2]
    ksize = W.shape[2:]
    out = [(x.shape[2 + i] - (ksize[i] - 1) * dilate[i] - 1) // stride[i] + 1
           for i in range(nd)]
    y = numpy.zeros((x.shape[0], out_channels) + tuple(out))
    out_per_group = out_channels // groups
    for offset in numpy.ndindex(*ksize):
        window = tuple(_window(*args) for args in zip(offset, dilate, stride, out))
        patch = x[(slice(None), slice(None)) + window]
        for g in range(groups):
            o = slice(g * out_per_group, (g + 1) * out_per_group)
            c = slice(g * in_per_group, (g + 1) * in_per_group)
            y[:, o] += numpy.einsum('nc...,oc->no...', patch[:, c], W[(o, slice(None)) + offset])
    if b is not None:
        y += b.reshape((1, out_channels) + (1,) * nd)
    return y


def _deconv_reference(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    # Transposed convolution in float64: every input position scatters its filter response.
    nd = x.ndim - 2
    stride, pad, dilate = (_per_axis(v, nd) for v in (stride, pad, dilate))
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    in_channels, out_per_group = W.shape[:2]
    ksize = W.shape[2:]
    ins = x.shape[2:]
    full = [s * (i - 1) + (k - 1) * d + 1 for s, i, k, d in zip(stride, ins, ksize, dilate)]
    y = numpy.zeros((x.shape[0], out_per_group * groups) + tuple(full))
    in_per_group = in_channels // groups
    for offset in numpy.ndindex(*ksize):
        window = tuple(_window(*args) for args in zip(offset, dilate, stride, ins))
        for g in range(groups):
            o = slice(g * out_per_group, (g + 1) * out_per_group)
            c = slice(g * in_per_group, (g + 1) * in_per_group)
            y[(slice(None), o) + window] += numpy.einsum(
                'nc...,co->no...', x[:, c], W[(c, slice(None)) + offset])
    y = y[(slice(None), slice(None)) + tuple(
        slice(p, f - p) for p, f in zip(pad, full))]
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


@pytest.fixture
def conv_reference():
    """``conv(x, W, b=None, stride=1, pad=0, dilate=1, groups=1)``: an N-dimensional
    convolution computed plainly in float64 (filter ``(out, in / groups, k...)``)."""
    return _conv_reference


@pytest.fixture
def deconv_reference():
    """``deconv(x, W, b=None, stride=1, pad=0, dilate=1, groups=1)``: an N-dimensional
    transposed convolution computed plainly in float64 (filter ``(in, out / groups, k...)``,
    output size from the input)."""
    return _deconv_reference


def _conv_tolerances(dtype):
    if dtype == numpy.float16:
        return {'atol': 5e-3, 'rtol': 5e-2}, {'atol': 5e-2, 'rtol': 5e-2}
    return {'atol': 1e-5, 'rtol': 1e-4}, {'atol': 1e-3, 'rtol': 1e-3}


@pytest.fixture
def conv_tolerances():
    """``tolerances(dtype)``: the ``(check_forward_options, check_backward_options)`` of the
    tests of the (transposed) convolution links against the references above."""
    return _conv_tolerances


def _spread(rng, shape):
    # distinct values with gaps of 2 / size (a max can then not switch within a small step)
    size = int(numpy.prod(shape))
    return rng.permutation(numpy.linspace(-1, 1, size)).reshape(shape)


@pytest.fixture
def spread_values():
    """``spread(rng, shape)``: a random arrangement of evenly spaced values in [-1, 1]
    (float64), for inputs that go through max pooling."""
    return _spread


@pytest.fixture
def check_backward_off_kinks():
    """``check(fn, draw, params=(), attempts=10, eps=1e-6, **options)``: runs
    :func:`chainer.gradient_check.check_backward` on ``fn`` with the ``(inputs,
    grad_outputs)`` returned by ``draw(rng)``, drawing again when a kink (e.g. of a ReLU)
    is detected within the numerical step.  The small default step (to be used in float64)
    makes undetected kinks within it unlikely."""
    def check(fn, draw, params=(), attempts=10, eps=1e-6, **options):
        rng = numpy.random.RandomState(0)
        for attempt in range(attempts):
            inputs, grad_outputs = draw(rng)
            try:
                gradient_check.check_backward(
                    fn, inputs, grad_outputs, params=params, eps=eps,
                    detect_nondifferentiable=True, **options)
                return
            except gradient_check.NondifferentiableError:
                if attempt == attempts - 1:
                    raise
    return check
