"""chainer.utils.conv_nd_kernel: the generated CUDA kernels, compiled as C on the CPU.

The kernels' operation code is plain C apart from the implicit ElementwiseKernel names
(``i``, the output element, ``raw`` inputs), so each one is wrapped into a C loop over ``i``,
compiled with the system C compiler and compared with ``im2col_nd_cpu`` / ``col2im_nd_cpu``.
"""
import ctypes
import os
import shutil
import subprocess

import numpy
import pytest

from chainer import testing
from chainer import utils
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import conv_nd_kernel as K

CC = shutil.which('cc') or shutil.which('gcc') or shutil.which('clang')


def test_helpers():
    assert K.mulexp(['a', 'b', 'c']) == 'a * b * c'
    assert K.mulexp(['a'], '1') == '1 * a'
    assert K.andexp(['x', 'y']) == 'x && y'
    assert K.muladdexp(['d0', 'd1'], ['x0', 'x1'], 'c') == '(x1 + d1 * (x0 + d0 * c))'
    assert K.muladdexp(['d0', 'd1'], ['x0', 'x1']) == '(x1 + d1 * x0)'
    assert K.map_(lambda a, b: a + b, [1, 2], [3, 4]) == [4, 6]
    assert K.succ_sublists([1, 2, 3]) == [[1, 2, 3], [2, 3], [3]]
    assert K.vars('k', 3) == ['k_0', 'k_1', 'k_2']
    w = K.Writer()
    w.write('a {', 'inc')
    w.write('b;')
    w.write('} else {', 'decinc')
    w.write('c;')
    w.write('}', 'dec')
    assert w.get() == 'a {\n  b;\n} else {\n  c;\n}'


def test_generate_signature():
    in_params, out_params, operation, name = K.Im2colNDKernel.generate(3)
    assert in_params.startswith('raw T img, int32 d_0, int32 d_1, int32 d_2, int32 out_0')
    assert in_params.endswith('int32 di_2')
    assert out_params == 'T col' and name == 'im2col_3d'
    assert K.Im2colNDKernel.generate(3) is K.Im2colNDKernel.generate(3)
    in_params, out_params, _, name = K.Col2imNDKernel.generate(1)
    assert in_params.startswith('raw T col, int32 d_0, int32 out_0, int32 k_0')
    assert out_params == 'T img' and name == 'col2im_1d'
    with pytest.raises(ValueError):
        K.Col2imNDKernel.generate(0)


def _build(tmp_path, kernel, ndim):
    in_params, out_params, operation, name = kernel.generate(ndim)
    raw_name = in_params.split(',')[0].split()[-1]
    out_name = out_params.split()[-1]
    scalars = [p.split()[-1] for p in in_params.split(',')[1:]]
    decls = '\n'.join('  int {} = params[{}];'.format(s, j) for j, s in enumerate(scalars))
    source = '''
typedef double T;
void run(const T* {raw}, T* out, long n, const int* params) {{
{decls}
  for (long i = 0; i < n; ++i) {{
#define {out} out[i]
{operation}
#undef {out}
  }}
}}
'''.format(raw=raw_name, out=out_name, decls=decls, operation=operation)
    src = os.path.join(str(tmp_path), name + '.c')
    lib = os.path.join(str(tmp_path), name + '.so')
    with open(src, 'w') as f:
        f.write(source)
    subprocess.run([CC, '-shared', '-fPIC', '-O0', '-o', lib, src], check=True,
                   capture_output=True)
    fn = ctypes.CDLL(lib).run
    fn.restype = None

    def call(inp, out_shape, params):
        inp = numpy.ascontiguousarray(inp, numpy.float64)
        out = numpy.empty(out_shape, numpy.float64)
        params = numpy.asarray(params, numpy.int32)
        fn(inp.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p),
           ctypes.c_long(out.size), params.ctypes.data_as(ctypes.c_void_p))
        return out
    return call


@pytest.mark.skipif(CC is None, reason='needs a C compiler')
@pytest.mark.parametrize('dims,ksize,stride,pad,dilate,cover_all', [
    ((5,), (3,), (1,), (1,), (1,), False),
    ((5, 6), (3, 2), (2, 1), (1, 0), (1, 2), False),
    ((4, 5, 3), (2, 3, 2), (1, 2, 1), (0, 1, 1), (2, 1, 1), True),
])
@testing.fix_random()
def test_kernels_match_cpu_implementation(tmp_path, dims, ksize, stride, pad, dilate,
                                          cover_all):
    ndim = len(dims)
    img = numpy.random.uniform(-1, 1, (2, 3) + dims)
    outs = tuple(conv.get_conv_outsize(d, k, s, p, cover_all, di)
                 for d, k, s, p, di in zip(dims, ksize, stride, pad, dilate))
    params = dims + outs + ksize + stride + pad + dilate

    im2col = _build(tmp_path, K.Im2colNDKernel, ndim)
    col = im2col(img, (2, 3) + ksize + outs, params)
    expected = conv_nd.im2col_nd_cpu(img, ksize, stride, pad, cover_all=cover_all,
                                     dilate=dilate)
    testing.assert_allclose(col, expected, atol=0, rtol=0)

    col2im = _build(tmp_path, K.Col2imNDKernel, ndim)
    back = col2im(col, img.shape, params)
    expected = conv_nd.col2im_nd_cpu(col, stride, pad, dims, dilate=dilate)
    testing.assert_allclose(back, expected, atol=1e-12)
    assert utils.size_of_shape(back.shape) == img.size
