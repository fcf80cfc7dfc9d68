"""Reading pickled NumPy data without running code (the CIFAR archives are pickles)."""
import pickle

# What a pickle of plain containers and NumPy arrays may refer to.
_ALLOWED = {
    ('numpy.core.multiarray', '_reconstruct'),
    ('numpy._core.multiarray', '_reconstruct'),
    ('numpy', 'ndarray'),
    ('numpy', 'dtype'),
    ('numpy.core.multiarray', 'scalar'),
    ('numpy._core.multiarray', 'scalar'),
    ('_codecs', 'encode'),
    ('copy_reg', '_reconstructor'),
    ('copyreg', '_reconstructor'),
    ('__builtin__', 'object'),
    ('builtins', 'object'),
}


class _ArrayUnpickler(pickle.Unpickler):

    def find_class(self, module, name):
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(
                'refusing to load {}.{}: only containers and NumPy arrays are '
                'allowed'.format(module, name))
        return super().find_class(module, name)


def load(file, name):
    """Loads a pickle (of Python 2 or 3) made of containers, strings and NumPy arrays.

    Python 2 strings are read as ``str`` (latin-1). Any other class in the pickle is
    refused, so that loading cannot run code.

    Args:
        file: A binary file object.
        name (str): What the file is, for the error message.
    """
    try:
        return _ArrayUnpickler(file, encoding='latin-1').load()
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError) as e:
        raise ValueError('{} is not a valid pickle of arrays: {}'.format(name, e)) from e
