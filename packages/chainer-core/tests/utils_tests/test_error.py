"""chainer.utils.error: v7's text of array properties."""
import numpy

from chainer.utils import error


def test_format_array_props():
    text = error._format_array_props([numpy.zeros((2, 3), numpy.float32), numpy.zeros(2)])
    assert text == '(2, 3):float32, (2,):float64'
    assert error._format_array_props([]) == ''


def test_format_array_props_of_none():
    # (the messages of gradient_check and FunctionTestCase list absent arrays as None)
    text = error._format_array_props([None, numpy.zeros(1, numpy.int32)])
    assert text == 'None, (1,):int32'
