"""NumPy references of the recurrences and checks shared by the recurrent link tests."""
import types

import numpy
import pytest

import chainer
from chainer import testing


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


@pytest.fixture
def ref():
    """NumPy (float64) references: ``sigmoid(x)``, ``lstm(c, z) -> (c, h)`` (the cell of
    :func:`chainer.functions.lstm`) and ``affine(x, linear_link)``."""
    return types.SimpleNamespace(sigmoid=_sigmoid, lstm=_lstm, affine=_affine)


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


def _check_round_trips(make_link, run):
    # NPZ and HDF5 round trips restore every parameter of a used link into a fresh one.
    src = make_link()
    run(src)
    for save_and_load, needs in ((testing.save_and_load_npz, None),
                                 (testing.save_and_load_hdf5, 'h5py')):
        if needs is not None:
            pytest.importorskip(needs, reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = make_link()
        save_and_load(src, dst)
        for (name, p), (_, q) in zip(sorted(src.namedparams()), sorted(dst.namedparams())):
            numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


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


@pytest.fixture
def link_contract(load_v7_npz, v7_arrays):
    """Checks of the generic link contract, as a namespace of functions:

    * ``layout(link, layout)``: the parameters have exactly the v7 paths and shapes;
    * ``load_v7(link, layout)``: an NPZ fabricated with those keys loads into ``link``;
    * ``round_trips(make_link, run)``: NPZ and HDF5 round trips of a link used by ``run``;
    * ``copies(link)``: ``copy`` in every mode and ``repeat``.
    """
    return types.SimpleNamespace(
        layout=_check_layout,
        load_v7=lambda link, layout: load_v7_npz(link, v7_arrays(layout)),
        round_trips=_check_round_trips,
        copies=_check_copies)
