import copy
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import initializers
from chainer import link_hook
from chainer import serializer as serializer_module


class DictSerializer(serializer_module.Serializer):
    """Tiny in-test serializer: stores copies of values in a flat dict keyed by path."""

    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        return DictSerializer(self.target, self.path + key + '/')

    def __call__(self, key, value):
        if isinstance(value, numpy.ndarray):
            value = value.copy()
        self.target[self.path + key] = value
        return value


class DictDeserializer(serializer_module.Deserializer):
    """Loads from a DictSerializer's dict: arrays in place, scalars returned."""

    def __init__(self, source, path=''):
        self.source = source
        self.path = path

    def __getitem__(self, key):
        return DictDeserializer(self.source, self.path + key + '/')

    def __call__(self, key, value):
        stored = self.source[self.path + key]
        if value is None:
            return None if stored is None else numpy.array(stored)
        if isinstance(value, numpy.ndarray):
            value[...] = stored
            return value
        return type(value)(stored)


class SimpleLink(chainer.Link):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.x = chainer.Parameter(initializers.Normal(), (2, 3))
            self.y = chainer.Parameter(initializers.One(), 4)
            self.u = chainer.Parameter()        # uninitialized, lazily shaped
            self.plain = 'not a param'
        self.outside = chainer.Parameter(initializers.Zero(), (1,))  # not registered
        self.add_persistent('p_arr', numpy.arange(3, dtype=numpy.float32))
        self.add_persistent('p_scalar', 5)

    def forward(self, x):
        if self.u.array is None:
            self.u.initialize(x.shape[1:])
        return x * self.u


def test_registration():
    link = SimpleLink()
    assert link._params == {'x', 'y', 'u'}
    assert link._persistent == {'p_arr', 'p_scalar'}
    assert link.x.name == 'x' and link.u.name == 'u'
    assert link.outside.name is None
    assert link.x.shape == (2, 3) and link.x.dtype == numpy.float32
    assert link.y.shape == (4,)
    numpy.testing.assert_array_equal(link.y.array, numpy.ones(4))
    assert link.u.array is None
    assert link.name is None


def test_params_and_namedparams():
    link = SimpleLink()
    assert [p.name for p in link.params()] == ['u', 'x', 'y']
    assert [p.name for p in link.params(include_uninit=False)] == ['x', 'y']
    assert [path for path, _ in link.namedparams()] == ['/u', '/x', '/y']
    assert [path for path, _ in link.namedparams(include_uninit=False)] == ['/x', '/y']
    for path, p in link.namedparams():
        assert getattr(link, path[1:]) is p


def test_links_namedlinks_children():
    link = SimpleLink()
    assert list(link.links()) == [link]
    assert list(link.links(skipself=True)) == []
    assert list(link.namedlinks()) == [('/', link)]
    assert list(link.namedlinks(skipself=True)) == []
    assert list(link.children()) == []


def test_init_scope_flag():
    link = chainer.Link()
    assert not link.within_init_scope
    with link.init_scope():
        assert link.within_init_scope
        with link.init_scope():
            assert link.within_init_scope
        assert link.within_init_scope
    assert not link.within_init_scope


def test_init_not_called():
    class Bad(chainer.Link):
        def __init__(self):
            pass

        def forward(self):
            return 1

    bad = Bad()
    with pytest.raises(RuntimeError):
        bad()
    with pytest.raises(RuntimeError):
        with bad.init_scope():
            pass


def test_v1_style_kwargs():
    link = chainer.Link(a=(2, 3), b=2, c=((2,), numpy.float64), d=None)
    assert link.a.shape == (2, 3) and link.a.dtype == numpy.float32
    assert numpy.isnan(link.a.array).all()
    assert link.b.shape == (2,)
    assert link.c.dtype == numpy.float64
    assert link.d.array is None
    assert link._params == {'a', 'b', 'c', 'd'}


def test_add_param():
    link = chainer.Link()
    link.add_param('w', (2, 2))
    assert numpy.isnan(link.w.array).all() and link.w.dtype == numpy.float32
    link.add_param('v', (3,), dtype=numpy.float64)
    assert link.v.dtype == numpy.float64
    link.add_param('z', (3,), initializer=initializers.Constant(2., numpy.float16))
    assert link.z.dtype == numpy.float16
    numpy.testing.assert_array_equal(link.z.array, [2, 2, 2])
    link.add_param('s', (2,), initializer=3)
    numpy.testing.assert_array_equal(link.s.array, [3, 3])
    link.add_param('lazy')
    assert link.lazy.array is None
    assert link._params == {'w', 'v', 'z', 's', 'lazy'}
    assert isinstance(link.w, chainer.Parameter)
    with pytest.raises(AttributeError):
        link.add_param('w', (1,))


def test_add_persistent_and_register_persistent():
    link = SimpleLink()
    with pytest.raises(AttributeError):
        link.add_persistent('p_scalar', 1)
    with pytest.raises(AttributeError):
        link.add_persistent('x', 1)
    link.extra = numpy.zeros(2)
    link.register_persistent('extra')
    assert 'extra' in link._persistent
    with pytest.raises(AttributeError):
        link.register_persistent('missing')
    # a parameter re-registered as persistent is no longer a parameter
    link.register_persistent('y')
    assert 'y' not in link._params and 'y' in link._persistent
    # assigning a Parameter in init_scope turns a persistent name into a param again
    with link.init_scope():
        link.y = chainer.Parameter(numpy.zeros(2, numpy.float32))
    assert 'y' in link._params and 'y' not in link._persistent


def test_delattr_unregisters():
    link = SimpleLink()
    del link.x
    del link.p_arr
    assert link._params == {'y', 'u'}
    assert link._persistent == {'p_scalar'}
    assert not hasattr(link, 'x')


def test_copy_share():
    link = SimpleLink()
    link.x.grad = numpy.ones((2, 3), numpy.float32)
    link.name = 'orig'
    c = link.copy()
    assert c is not link and c.name is None
    assert c.x is not link.x and c.x.array is link.x.array
    assert c.x.grad is None
    assert link.x.grad is not None
    assert c._params == link._params and c._params is not link._params
    assert c._persistent is not link._persistent
    c.x.array[0, 0] = 42
    assert link.x.array[0, 0] == 42
    assert c.u.array is None


def test_copy_copy():
    link = SimpleLink()
    c = link.copy(mode='copy')
    assert c.x is not link.x and c.x.array is not link.x.array
    numpy.testing.assert_array_equal(c.x.array, link.x.array)
    c.x.array[0, 0] = 42
    assert link.x.array[0, 0] != 42
    assert c.p_arr is not link.p_arr
    numpy.testing.assert_array_equal(c.p_arr, link.p_arr)
    assert c._params == link._params


def test_copy_init():
    link = SimpleLink()
    c = link.copy(mode='init')
    assert c.x.array is not link.x.array
    assert c.x.shape == (2, 3)
    assert not numpy.array_equal(c.x.array, link.x.array)   # re-drawn from Normal
    numpy.testing.assert_array_equal(c.y.array, numpy.ones(4))
    assert c.u.array is None


def test_copy_invalid_mode():
    with pytest.raises(ValueError):
        SimpleLink().copy(mode='deep')


def test_copyparams():
    a, b = SimpleLink(), SimpleLink()
    b.u.initialize((2,))
    a.u.initialize((2,))
    b.p_arr[...] = [7, 8, 9]
    b.p_scalar = 11
    p_arr = a.p_arr
    a.copyparams(b)
    numpy.testing.assert_array_equal(a.x.array, b.x.array)
    assert a.x.array is not b.x.array
    assert a.p_arr is p_arr     # array persistents are copied in place
    numpy.testing.assert_array_equal(a.p_arr, [7, 8, 9])
    assert a.p_scalar == 11

    c = SimpleLink()
    c.copyparams(b, copy_persistent=False)
    numpy.testing.assert_array_equal(c.p_arr, [0, 1, 2])
    assert c.p_scalar == 5


def test_cleargrads_zerograds_addgrads():
    a, b = SimpleLink(), SimpleLink()
    a.x.grad = numpy.ones((2, 3), numpy.float32)
    b.x.grad = numpy.full((2, 3), 2, numpy.float32)
    b.y.grad = numpy.full(4, 3, numpy.float32)
    a.y.grad = numpy.zeros(4, numpy.float32)
    with pytest.raises(RuntimeError):  # as v7: b.u's gradient is still undecided
        SimpleLink().addgrads(SimpleLink())
    b.u.cleargrad()
    a.addgrads(b)
    numpy.testing.assert_array_equal(a.x.grad, numpy.full((2, 3), 3))
    numpy.testing.assert_array_equal(a.y.grad, numpy.full(4, 3))
    a.cleargrads()
    assert a.x.grad is None and a.y.grad is None
    with pytest.warns(DeprecationWarning):
        a.zerograds()
    numpy.testing.assert_array_equal(a.x.grad, numpy.zeros((2, 3)))


class _Rule:
    def __init__(self, enabled=True):
        self.enabled = enabled


def test_enable_disable_update():
    link = SimpleLink()
    assert not link.update_enabled      # no update rules yet
    link.x.update_rule = _Rule()
    link.y.update_rule = _Rule(False)
    assert link.update_enabled
    link.disable_update()
    assert not link.x.update_rule.enabled and not link.y.update_rule.enabled
    assert not link.update_enabled
    link.enable_update()
    assert link.x.update_rule.enabled and link.y.update_rule.enabled
    assert link.update_enabled


def test_serialize_roundtrip():
    src = SimpleLink()
    src.u.initialize((3,))
    src.u.array[...] = [1, 2, 3]
    src.p_arr[...] = [4, 5, 6]
    src.p_scalar = 9
    s = DictSerializer()
    src.serialize(s)
    assert set(s.target) == {'x', 'y', 'u', 'p_arr', 'p_scalar'}

    dst = SimpleLink()
    assert dst.u.array is None
    x_arr = dst.x.array
    dst.serialize(DictDeserializer(s.target))
    assert dst.x.array is x_arr          # loaded in place
    numpy.testing.assert_array_equal(dst.x.array, src.x.array)
    # the lazily shaped parameter is initialized from the loaded data
    numpy.testing.assert_array_equal(dst.u.array, [1, 2, 3])
    assert dst.u.dtype == numpy.float32
    numpy.testing.assert_array_equal(dst.p_arr, [4, 5, 6])
    assert dst.p_scalar == 9


def test_serialize_uninitialized_stays_uninitialized():
    s = DictSerializer()
    SimpleLink().serialize(s)
    assert s.target['u'] is None
    dst = SimpleLink()
    dst.serialize(DictDeserializer(s.target))
    assert dst.u.array is None


def test_count_params():
    link = SimpleLink()
    with pytest.warns(UserWarning) as record:
        assert link.count_params() == 6 + 4
    assert str(record[0].message) == (  # v7's text
        "Parameter '/u' has not been initialized, so the resulting count will not include "
        'the number of parameters in it.')
    link.u.initialize((5,))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert link.count_params() == 6 + 4 + 5


def test_call_dispatches_to_forward_and_lazy_init():
    link = SimpleLink()
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = link(x)
    assert link.u.shape == (3,)
    assert y.shape == (2, 3)


def test_mixin_call_preferred():
    class Mixin:
        def __call__(self, x):
            return ('mixin', x)

    class L(chainer.Link, Mixin):
        def forward(self, x):
            return ('forward', x)

    assert L()(1) == ('mixin', 1)


def test_repeat():
    link = SimpleLink()
    seq = link.repeat(3)
    assert isinstance(seq, chainer.Sequential)
    assert len(seq) == 3
    for layer in seq:
        assert isinstance(layer, SimpleLink) and layer is not link
        assert not numpy.array_equal(layer.x.array, link.x.array)   # 'init'
    assert [layer.name for layer in seq] == ['0', '2', '1']  # v7's names (see Sequential)
    shared = link.repeat(2, mode='share')
    assert all(layer.x.array is link.x.array for layer in shared)
    copied = link.repeat(2, mode='copy')
    for layer in copied:
        assert layer.x.array is not link.x.array
        numpy.testing.assert_array_equal(layer.x.array, link.x.array)
    assert len(link.repeat(0)) == 0
    with pytest.raises(ValueError):
        link.repeat(2, mode='foo')


@pytest.mark.parametrize('cls', [chainer.Link, chainer.Chain, chainer.ChainList, SimpleLink])
def test_from_params_is_not_implemented_by_default(cls):
    with pytest.raises(NotImplementedError, match='does not implement `from_params`'):
        cls.from_params(numpy.zeros((2, 3), numpy.float32), stride=1)


def test_str_and_printable_specs():
    class Spec(chainer.Link):
        def __init__(self, n):
            super().__init__()
            self.n = n

        @property
        def printable_specs(self):
            yield 'n', self.n
            yield 'act', None

    assert str(chainer.Link()) == 'Link()'
    assert list(chainer.Link().printable_specs) == []
    assert str(Spec(3)) == 'Spec(n=3, act=None)'


def test_pickle():
    link = SimpleLink()
    link.u.initialize((2,))
    link.name = 'l'
    loaded = pickle.loads(pickle.dumps(link))
    assert isinstance(loaded, SimpleLink)
    assert loaded._params == link._params and loaded._persistent == link._persistent
    numpy.testing.assert_array_equal(loaded.x.array, link.x.array)
    numpy.testing.assert_array_equal(loaded.p_arr, link.p_arr)
    assert loaded.p_scalar == 5 and loaded.name == 'l' and loaded.x.name == 'x'
    assert isinstance(loaded.x, chainer.Parameter)
    # the loaded link still works
    loaded(chainer.Variable(numpy.ones((1, 2), numpy.float32)))
    with loaded.init_scope():
        loaded.w = chainer.Parameter(numpy.zeros(1, numpy.float32))
    assert 'w' in loaded._params


def test_deepcopy_module_function():
    link = SimpleLink()
    c = copy.deepcopy(link)
    assert c.x.array is not link.x.array
    numpy.testing.assert_array_equal(c.x.array, link.x.array)


def test_device_cpu():
    link = SimpleLink()
    assert link.xp is numpy
    assert link.device == chainer.get_device('@numpy')
    assert link.to_cpu() is link
    assert link.to_device('@numpy') is link
    assert isinstance(link.x.array, numpy.ndarray)
    assert isinstance(link.p_arr, numpy.ndarray)


class RecordingHook(link_hook.LinkHook):
    def __init__(self, log, tag):
        self.log = log
        self.tag = tag
        self.name = tag

    def added(self, link):
        self.log.append((self.tag, 'added', link))

    def deleted(self, link):
        self.log.append((self.tag, 'deleted', link))

    def forward_preprocess(self, args):
        self.log.append((self.tag, 'pre', args.link, args.forward_name, args.args,
                         dict(args.kwargs)))

    def forward_postprocess(self, args):
        self.log.append((self.tag, 'post', args.link, args.forward_name, args.args,
                         dict(args.kwargs), args.out))


class Echo(chainer.Link):
    def forward(self, *args, **kwargs):
        self.log.append('forward')
        return 'out'


def test_local_hooks():
    log = []
    link = Echo()
    link.log = log
    h1 = RecordingHook(log, 'h1')
    h2 = RecordingHook(log, 'h2')
    assert link.add_hook(h1) is link
    link.add_hook(h2)
    assert log == [('h1', 'added', link), ('h2', 'added', link)]
    assert list(link.local_link_hooks) == ['h1', 'h2']
    del log[:]
    assert link(1, k=2) == 'out'
    assert log == [
        ('h1', 'pre', link, 'forward', (1,), {'k': 2}),
        ('h2', 'pre', link, 'forward', (1,), {'k': 2}),
        'forward',
        ('h1', 'post', link, 'forward', (1,), {'k': 2}, 'out'),
        ('h2', 'post', link, 'forward', (1,), {'k': 2}, 'out'),
    ]
    del log[:]
    link.delete_hook('h1')
    assert log == [('h1', 'deleted', link)]
    with pytest.raises(KeyError):
        link.delete_hook('h1')
    with pytest.raises(KeyError):
        link.add_hook(h2)
    link.add_hook(h2, name='other')
    assert list(link.local_link_hooks) == ['h2', 'other']
    with pytest.raises(TypeError):
        link.add_hook(object())


def test_global_hooks_run_before_local_and_only_in_scope():
    log = []
    link = Echo()
    link.log = log
    local = RecordingHook(log, 'local')
    link.add_hook(local)
    glob = RecordingHook(log, 'global')
    del log[:]
    with glob:
        assert log == [('global', 'added', None)]
        del log[:]
        link(3)
        tags = [entry[:2] if isinstance(entry, tuple) else entry for entry in log]
        assert tags == [('global', 'pre'), ('local', 'pre'), 'forward',
                        ('global', 'post'), ('local', 'post')]
        with pytest.raises(KeyError):
            with RecordingHook(log, 'global'):
                pass
        del log[:]
    assert log == [('global', 'deleted', None)]
    del log[:]
    link(4)
    assert [e[0] for e in log if isinstance(e, tuple)] == ['local', 'local']


def test_callback_args_repr():
    args = link_hook._ForwardPreprocessCallbackArgs('L', 'forward', (1,), {})
    assert repr(args) == "<_ForwardPreprocessCallbackArgs link='L' forward_name='forward' " \
        "args=(1,) kwargs={}>"


def test_base_link_hook_noops():
    hook = link_hook.LinkHook()
    assert hook.name == 'LinkHook'
    link = Echo()
    link.log = []
    link.add_hook(hook)
    assert link() == 'out'
    link.delete_hook('LinkHook')
    assert chainer.LinkHook is link_hook.LinkHook


@pytest.mark.gpu
def test_to_gpu_and_back():
    import cupy
    link = SimpleLink()
    link.to_gpu()
    assert link.xp is cupy
    assert isinstance(link.x.array, cupy.ndarray)
    assert isinstance(link.p_arr, cupy.ndarray)
    assert link.p_scalar == 5
    x = chainer.Variable(cupy.ones((2, 2), numpy.float32))
    link(x)                             # lazy init on the GPU
    assert isinstance(link.u.array, cupy.ndarray)
    link.to_device('@numpy')
    assert link.xp is numpy
    assert isinstance(link.x.array, numpy.ndarray)
    assert isinstance(link.u.array, numpy.ndarray)
    assert isinstance(link.p_arr, numpy.ndarray)
