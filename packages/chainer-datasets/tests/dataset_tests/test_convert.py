import unittest

import numpy
import pytest

import chainerx

from chainer import backend
from chainer.backends import cuda
from chainer.dataset import convert
from chainer import testing
from chainer.testing import attr


def _arrays(shape, dtype, n=3):
    rng = numpy.random.RandomState(0)
    return [rng.uniform(-1, 1, shape).astype(dtype) for _ in range(n)]


@testing.parameterize(*testing.product({
    'shape': [(), (4,), (2, 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.int32, numpy.bool_],
}))
class TestConcatExamplesArrays(unittest.TestCase):

    def check(self, device, xp):
        batch = _arrays(self.shape, self.dtype)
        result = convert.concat_examples(batch, device)
        assert isinstance(result, xp.ndarray)
        assert result.dtype == self.dtype
        assert result.shape == (len(batch),) + self.shape
        numpy.testing.assert_array_equal(backend.CpuDevice().send(result), numpy.stack(batch))

    def test_no_device(self):
        self.check(None, numpy)

    def test_cpu_devices(self):
        for device in (-1, '@numpy', backend.CpuDevice()):
            self.check(device, numpy)

    @attr.gpu
    def test_gpu(self):
        self.check(0, cuda.cupy)
        self.check('@cupy:0', cuda.cupy)


class TestConcatExamplesStructures(unittest.TestCase):

    def setUp(self):
        self.x = _arrays((2, 3), numpy.float32)
        self.t = [numpy.int32(i) for i in range(3)]

    def test_tuples(self):
        batch = list(zip(self.x, self.t))
        x, t = convert.concat_examples(batch)
        numpy.testing.assert_array_equal(x, numpy.stack(self.x))
        numpy.testing.assert_array_equal(t, [0, 1, 2])
        assert x.dtype == numpy.float32
        assert t.dtype == numpy.int32

    def test_dicts(self):
        batch = [{'x': x, 't': t} for x, t in zip(self.x, self.t)]
        result = convert.concat_examples(batch)
        assert set(result) == {'x', 't'}
        numpy.testing.assert_array_equal(result['x'], numpy.stack(self.x))
        numpy.testing.assert_array_equal(result['t'], [0, 1, 2])

    def test_python_scalars(self):
        result = convert.concat_examples([1, 2, 3])
        numpy.testing.assert_array_equal(result, [1, 2, 3])
        assert result.dtype == numpy.asarray([1]).dtype
        assert convert.concat_examples([1.0, 2, 3]).dtype == numpy.float64

    def test_numpy_scalars_keep_dtype(self):
        result = convert.concat_examples([numpy.float32(1), numpy.float32(2)])
        assert result.dtype == numpy.float32

    def test_lists_become_arrays(self):
        numpy.testing.assert_array_equal(
            convert.concat_examples([[1, 2], [3, 4]]), [[1, 2], [3, 4]])

    def test_tuple_of_scalars(self):
        a, b = convert.concat_examples([(1, 2), (3, 4)])
        numpy.testing.assert_array_equal(a, [1, 3])
        numpy.testing.assert_array_equal(b, [2, 4])

    def test_mixed_dtypes_promote(self):
        batch = [numpy.zeros(2, numpy.float32), numpy.zeros(2, numpy.float64)]
        assert convert.concat_examples(batch).dtype == numpy.float64

    def test_result_is_a_copy(self):
        batch = _arrays((2,), numpy.float32)
        result = convert.concat_examples(batch)
        result[...] = 5
        assert (batch[0] != 5).all()

    def test_keyword_arguments(self):
        result = convert.concat_examples(batch=[numpy.zeros(2)], device=None, padding=-1)
        assert result.shape == (1, 2)


class TestConcatExamplesChainerx(unittest.TestCase):

    def test_arrays_stay_chainerx(self):
        # ChainerX arrays are arrays, not sequences, with or without padding
        a = chainerx.ones((2,), dtype=numpy.float32)
        b = chainerx.zeros((1,), dtype=numpy.float32)
        result = convert.concat_examples([a, a])
        assert isinstance(result, chainerx.ndarray) and result.shape == (2, 2)
        result = convert.concat_examples([(a, 1), (b, 2)], padding=-1)
        assert isinstance(result[0], chainerx.ndarray)
        numpy.testing.assert_array_equal(
            backend.CpuDevice().send(result[0]), [[1, 1], [0, -1]])
        numpy.testing.assert_array_equal(result[1], [1, 2])


class TestConcatExamplesPadding(unittest.TestCase):

    def setUp(self):
        self.a = numpy.array([[1, 2, 3]], numpy.float32)
        self.b = numpy.array([[4], [5]], numpy.float32)

    def test_array(self):
        result = convert.concat_examples([self.a, self.b], padding=-1)
        expected = numpy.array([[[1, 2, 3], [-1, -1, -1]],
                                [[4, -1, -1], [5, -1, -1]]], numpy.float32)
        numpy.testing.assert_array_equal(result, expected)
        assert result.dtype == numpy.float32

    def test_tuple_padding_per_column(self):
        batch = [(self.a, numpy.arange(1)), (self.b, numpy.arange(2))]
        x, t = convert.concat_examples(batch, padding=(0, -1))
        assert x.shape == (2, 2, 3)
        assert x[0, 1, 0] == 0
        numpy.testing.assert_array_equal(t, [[0, -1], [0, 1]])

    def test_scalar_padding_for_tuples(self):
        batch = [(self.a, numpy.arange(1)), (self.b, numpy.arange(2))]
        x, t = convert.concat_examples(batch, padding=7)
        assert x[0, 1, 2] == 7
        numpy.testing.assert_array_equal(t, [[0, 7], [0, 1]])

    def test_dict_padding(self):
        batch = [{'x': self.a, 't': 1}, {'x': self.b, 't': 2}]
        result = convert.concat_examples(batch, padding={'x': 9, 't': 0})
        assert result['x'][0, 1, 1] == 9
        numpy.testing.assert_array_equal(result['t'], [1, 2])

    def test_padding_is_cast_to_the_dtype(self):
        batch = [numpy.zeros((2, 3), numpy.int32), numpy.zeros((3, 2), numpy.int32)]
        result = convert.concat_examples(batch, padding=0.5)
        assert result.dtype == numpy.int32
        assert result.shape == (2, 3, 3)
        assert (result == 0).all()

    def test_negative_padding_wraps_for_unsigned(self):
        batch = [numpy.zeros(1, numpy.uint8), numpy.zeros(2, numpy.uint8)]
        result = convert.concat_examples(batch, padding=-1)
        numpy.testing.assert_array_equal(result, [[0, 255], [0, 0]])

    def test_padding_different_ndim(self):
        with pytest.raises(ValueError, match='dimensions'):
            convert.concat_examples([numpy.zeros((2, 3)), numpy.zeros((2, 3, 1))], padding=0)


class TestConcatExamplesErrors(unittest.TestCase):

    def test_empty_batch(self):
        with pytest.raises(ValueError, match='batch is empty'):
            convert.concat_examples([])

    def test_mismatched_shapes(self):
        batch = [numpy.zeros(2), numpy.zeros(2), numpy.zeros(3)]
        with pytest.raises(ValueError, match=r'example 2 has shape \(3,\).*padding'):
            convert.concat_examples(batch)

    def test_mismatched_shapes_in_a_tuple_column(self):
        batch = [(numpy.zeros(2), 0), (numpy.zeros(3), 1)]
        with pytest.raises(ValueError, match='column 0'):
            convert.concat_examples(batch)

    def test_mismatched_shapes_in_a_dict_column(self):
        batch = [{'x': numpy.zeros(2)}, {'x': numpy.zeros(3)}]
        with pytest.raises(ValueError, match="column 'x'"):
            convert.concat_examples(batch)

    def test_tuples_of_different_lengths(self):
        batch = [(numpy.zeros(1), numpy.zeros(1)), (numpy.zeros(1),)]
        with pytest.raises(IndexError, match='example 1'):  # IndexError, as v7
            convert.concat_examples(batch)

    def test_padding_tuple_shorter_than_the_examples(self):
        batch = [(numpy.zeros(1), numpy.zeros(1)), (numpy.zeros(2), numpy.zeros(2))]
        with pytest.raises(IndexError, match='padding has 1 values'):  # as v7
            convert.concat_examples(batch, padding=(0,))
        x, y = convert.concat_examples(batch, padding=(0, 1, 2))  # longer: the rest unused
        numpy.testing.assert_array_equal(y, [[0, 1], [0, 0]])

    def test_missing_dict_key(self):
        batch = [{'x': 1, 'y': 2}, {'x': 3}]
        with pytest.raises(KeyError, match="example 1 has no key 'y'"):
            convert.concat_examples(batch)


class TestToDevice(unittest.TestCase):

    def test_none_leaves_the_value(self):
        x = numpy.zeros(3)
        assert convert.to_device(None, x) is x

    def test_cpu(self):
        x = numpy.zeros(3)
        assert convert.to_device(-1, x) is x
        assert convert.to_device('@numpy', x) is x
        assert convert.to_device(backend.CpuDevice(), x) is x

    def test_list_and_tuple(self):
        x = numpy.zeros(3)
        assert convert.to_device('@numpy', [x])[0] is x
        assert convert.to_device('@numpy', (x, None)) == (x, None)

    def test_bad_specifier(self):
        with pytest.raises(ValueError):
            convert.to_device('@nonexistent', numpy.zeros(1))

    @attr.gpu
    def test_gpu(self):
        y = convert.to_device(0, numpy.arange(3))
        assert isinstance(y, cuda.ndarray)
        numpy.testing.assert_array_equal(y.get(), [0, 1, 2])


class TestConverterDecorator(unittest.TestCase):

    def setUp(self):
        @convert.converter()
        def my_converter(batch, device, extra=None):
            """My doc."""
            return batch, device, extra

        self.converter = my_converter

    def test_is_a_converter(self):
        assert isinstance(self.converter, convert.Converter)
        assert isinstance(convert.concat_examples, convert.Converter)

    def test_keeps_name_and_doc(self):
        assert self.converter.__name__ == 'my_converter'
        assert self.converter.__doc__ == 'My doc.'

    def test_device_becomes_a_device_object(self):
        _, device, _ = self.converter([1], -1)
        assert device == backend.CpuDevice()
        _, device, _ = self.converter([1], device='@numpy')
        assert device == backend.CpuDevice()

    def test_none_device_stays_none(self):
        assert self.converter([1], None)[1] is None

    def test_other_arguments_pass_through(self):
        assert self.converter([1], None, extra=3) == ([1], None, 3)
        assert self.converter([1], None, 4) == ([1], None, 4)

    def test_missing_device(self):
        with pytest.raises(TypeError):
            self.converter([1])

    def test_decorator_takes_no_argument(self):
        with pytest.raises(TypeError):
            convert.converter(lambda batch, device: batch)

    def test_base_class_is_abstract(self):
        with pytest.raises(NotImplementedError):
            convert.Converter()([1], None)


class TestCallConverter(unittest.TestCase):

    def test_legacy_callable_gets_minus_one_for_cpu(self):
        result = convert._call_converter(lambda b, d: d, [1], backend.CpuDevice())
        assert result == -1

    def test_converter_gets_the_device(self):
        class MyConverter(convert.Converter):
            def __call__(self, batch, device):
                return device

        device = backend.CpuDevice()
        assert convert._call_converter(MyConverter(), [1], device) is device

    def test_none(self):
        assert convert._call_converter(lambda b, d: d, [1], None) is None

    def test_rejects_specifiers(self):
        with pytest.raises(TypeError):
            convert._call_converter(lambda b, d: d, [1], -1)


class TestConcatWithAsyncTransferCpu(unittest.TestCase):

    def test_behaves_like_concat_examples(self):
        batch = [(numpy.zeros(3, numpy.float32), 1), (numpy.ones(3, numpy.float32), 2)]
        converter = convert.ConcatWithAsyncTransfer()
        for _ in range(2):
            x, t = converter(batch, None)
            numpy.testing.assert_array_equal(x, [[0, 0, 0], [1, 1, 1]])
            numpy.testing.assert_array_equal(t, [1, 2])

    def test_padding(self):
        batch = [numpy.zeros(3, numpy.float32), numpy.zeros(2, numpy.float32)]
        result = convert.ConcatWithAsyncTransfer()(batch, -1, padding=-1)
        numpy.testing.assert_array_equal(result, [[0, 0, 0], [0, 0, -1]])

    def test_cpu_device_may_change(self):
        # as v7: only the GPU of a converter is fixed
        converter = convert.ConcatWithAsyncTransfer()
        for device in (-1, None, '@numpy', -1):
            assert isinstance(converter([numpy.zeros(1)], device), numpy.ndarray)

    def test_empty_batch(self):
        with pytest.raises(ValueError, match='batch is empty'):
            convert.ConcatWithAsyncTransfer()([], None)


class TestConveyorCpu(unittest.TestCase):

    def test_put_get_in_order(self):
        conveyor = convert.Conveyor(-1)
        a, b = numpy.zeros(1), numpy.ones(1)
        conveyor.put(a)
        conveyor.put(b)
        assert conveyor.get() is a
        assert conveyor.get() is b

    def test_get_without_put(self):
        with pytest.raises(IndexError):
            convert.Conveyor().get()


@attr.gpu
class TestAsyncTransferGpu(unittest.TestCase):

    def test_conveyor(self):
        conveyor = convert.Conveyor(0, cuda.cupy.cuda.Stream())
        conveyor.put(numpy.arange(4, dtype=numpy.float32))
        y = conveyor.get()
        assert isinstance(y, cuda.ndarray)
        numpy.testing.assert_array_equal(y.get(), [0, 1, 2, 3])

    def test_concat_with_async_transfer(self):
        batch = [(numpy.full(3, i, numpy.float32), i) for i in range(4)]
        converter = convert.ConcatWithAsyncTransfer()
        for _ in range(3):
            x, t = converter(batch, 0)
            assert isinstance(x, cuda.ndarray)
            cuda.cupy.cuda.get_current_stream().synchronize()
            numpy.testing.assert_array_equal(x.get(), numpy.stack([b[0] for b in batch]))
            numpy.testing.assert_array_equal(t.get(), [0, 1, 2, 3])

    def test_gpu_must_not_change(self):
        converter = convert.ConcatWithAsyncTransfer()
        converter([numpy.zeros(1)], 0)
        with pytest.raises(ValueError, match='device is different'):
            converter([numpy.zeros(1)], '@cupy:1')


testing.run_module(__name__, __file__)
