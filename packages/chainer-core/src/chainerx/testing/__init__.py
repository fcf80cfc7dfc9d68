"""Testing utilities of ChainerX (``chainerx.testing``): array assertions that accept ChainerX
and NumPy arrays alike, the dtype lists, and decorators running a test once with NumPy and once
with ChainerX and comparing the results."""
from chainerx.testing import array
from chainerx.testing import dtypes
from chainerx.testing import helper
from chainerx.testing.array import assert_allclose
from chainerx.testing.array import assert_allclose_ex
from chainerx.testing.array import assert_array_equal
from chainerx.testing.array import assert_array_equal_ex
from chainerx.testing.dtypes import all_dtypes
from chainerx.testing.dtypes import float_dtypes
from chainerx.testing.dtypes import integral_dtypes
from chainerx.testing.dtypes import nonfloat_dtypes
from chainerx.testing.dtypes import numeric_dtypes
from chainerx.testing.dtypes import parametrize_dtype_specifier
from chainerx.testing.dtypes import signed_dtypes
from chainerx.testing.dtypes import signed_integral_dtypes
from chainerx.testing.dtypes import unsigned_dtypes
from chainerx.testing.helper import ignore
from chainerx.testing.helper import numpy_chainerx_allclose
from chainerx.testing.helper import numpy_chainerx_array_equal
