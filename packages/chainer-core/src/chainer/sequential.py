"""``chainer.Sequential``: a list of callables applied one after another."""
import copy
import inspect

from chainer import link as _link


def _require_callable(layer):
    if not callable(layer):
        raise ValueError(
            'Every layer of a Sequential must be callable, but {!r} is not.'.format(layer))


def _same_layer(a, b):
    return a is b or a == b


def _type_name(layer):
    # Links are identified by class name, other callables by their __name__ when they have one.
    if isinstance(layer, _link.Link):
        return type(layer).__name__
    return getattr(layer, '__name__', type(layer).__name__)


def _describe(layer):
    # Lambdas are shown by their source line when it can be found.
    if getattr(layer, '__name__', None) == '<lambda>':
        try:
            return inspect.getsource(layer).strip().rstrip(',')
        except (OSError, TypeError):
            pass
    return str(layer)


def _only_sequential(other):
    if not isinstance(other, Sequential):
        raise ValueError(
            'Only a Sequential can be concatenated to a Sequential (+ operator); '
            'got {}.'.format(type(other)))


class Sequential(_link.ChainList):
    """Model made of layers that are called in order, each on the previous one's output.

    .. warning::

        This feature is experimental. The interface can change in the future.

    Layers may be any callables: links, functions of :mod:`chainer.functions`,
    ``functools.partial`` objects, lambdas, ...  The :class:`~chainer.Link` layers are the
    child links of the model, named ``'0'``, ``'1'``, ... (so parameter paths look like
    ``'/0/W'``) in Chainer v7's order, which the keys of the files it saved follow: each link
    inserted after the first one is placed right after it among the children, so that
    ``Sequential(a, f, b, c)`` names its links ``a: '0'``, ``c: '1'``, ``b: '2'``.  A layer
    returning a tuple passes its elements as separate arguments to the next layer.

    The object behaves like a mutable list of layers (indexing, slicing, ``append``,
    ``insert``, ``pop``, ``remove``, ``+``, ``*`` ...)::

        mlp = chainer.Sequential(
            L.Linear(None, 100), F.relu,
            L.Linear(100, 10))
        y = mlp(x)
        deeper = mlp + chainer.Sequential(F.relu, L.Linear(10, 10))
        tripled = mlp.repeat(3)

    A model holding a lambda cannot be pickled; use :func:`functools.partial` instead when
    pickling is needed.

    Args:
        layers: The callables, in calling order.
    """

    def __init__(self, *layers):
        super().__init__()
        self._layers = []
        for layer in layers:
            self.append(layer)

    # --- list protocol -----------------------------------------------------------------------

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        if isinstance(i, slice):
            replacement = list(layer)
            for each in replacement:
                _require_callable(each)
            positions = range(len(self._layers))[i]
            if i.step not in (None, 1):  # an extended slice: one layer per position
                if len(replacement) != len(positions):
                    raise ValueError('attempt to assign a sequence of size {} to an extended '
                                     'slice of size {}'.format(len(replacement), len(positions)))
                for position, each in zip(positions, replacement):
                    self[position] = each
                return
            del self[i]
            for offset, each in enumerate(replacement):
                self.insert(positions.start + offset, each)
            return
        size = len(self._layers)
        if i >= size:
            raise ValueError('{} should be less than {}'.format(i, size))
        if i < -size:
            raise IndexError('Sequential index out of range: {}'.format(i))
        _require_callable(layer)
        i %= size
        del self[i]
        self.insert(i, layer)

    def __delitem__(self, i):
        if isinstance(i, slice):
            for position in sorted(range(len(self._layers))[i], reverse=True):
                del self[position]
            return
        layer = self._layers.pop(i)
        if isinstance(layer, _link.Link):
            self._children = [child for child in self._children if child is not layer]
            self._renumber_children()

    def __iter__(self):
        return iter(self._layers)

    def __reversed__(self):
        return reversed(self._layers)

    def __contains__(self, layer):
        return any(_same_layer(each, layer) for each in self._layers)

    def __add__(self, other):
        _only_sequential(other)
        joined = Sequential()
        joined.extend(self)
        joined.extend(other)
        return joined

    def __iadd__(self, other):
        _only_sequential(other)
        self.extend(other)
        return self

    def __mul__(self, n):
        return self.repeat(n)

    def __rmul__(self, n):
        return self.repeat(n)

    def __str__(self):
        return _link._render_entries(
            self, [(i, _describe(layer)) for i, layer in enumerate(self._layers)])

    def _child_position(self, i):
        # Chainer v7's rule, kept for the keys of the files it saved: the position among the
        # children is one past the layer position of the first link before layer ``i``.
        if i == 0:
            return 0
        first_link = next(
            (j for j in range(i) if isinstance(self._layers[j], _link.Link)), 0)
        return first_link + 1

    def insert(self, i, layer):
        """Inserts ``layer`` before position ``i`` (negative positions count from the end).

        Args:
            i (int): Position, between ``-len(self)`` and ``len(self)``.
            layer (callable): The layer.
        """
        size = len(self._layers)
        if i < -size or i > size:
            raise IndexError('Sequential index out of range: {}'.format(i))
        _require_callable(layer)
        if i < 0:
            i += size
        self._layers.insert(i, layer)
        if isinstance(layer, _link.Link):
            self._children.insert(self._child_position(i), layer)
            self._renumber_children()

    def append(self, layer):
        """Adds ``layer`` at the end."""
        self.insert(len(self._layers), layer)

    def extend(self, sequential):
        """Adds every layer of the iterable ``sequential`` at the end."""
        for layer in list(sequential):
            self.append(layer)

    def remove(self, layer):
        """Removes the first layer equal to ``layer`` (``ValueError`` if there is none)."""
        for i, each in enumerate(self._layers):
            if _same_layer(each, layer):
                del self[i]
                return
        raise ValueError('{!r} is not a layer of this Sequential'.format(layer))

    def remove_by_layer_type(self, type_name):
        """Removes every layer whose class name (links) or ``__name__`` (functions) matches.

        Args:
            type_name (str): E.g. ``'Linear'`` or ``'relu'``.
        """
        for layer in [x for x in self._layers if _type_name(x) == type_name]:
            self.remove(layer)

    def pop(self, i=-1):
        """Removes and returns the layer at ``i`` (the last one by default)."""
        layer = self._layers[i]
        del self[i]
        return layer

    def clear(self):
        """Removes all layers."""
        self._layers = []
        self._children = []

    def index(self, layer, start=None, end=None):
        """Returns the position of the first layer equal to ``layer`` within ``[start:end]``."""
        positions = range(len(self._layers))[start:end]
        for i in positions:
            if _same_layer(self._layers[i], layer):
                return i
        raise ValueError('{!r} is not in Sequential'.format(layer))

    def count(self, layer):
        """Returns how many layers are equal to ``layer``."""
        return sum(1 for each in self._layers if _same_layer(each, layer))

    def count_by_layer_type(self, type_name):
        """Returns how many layers have the class name or ``__name__`` ``type_name``."""
        return sum(1 for x in self._layers if _type_name(x) == type_name)

    # --- model operations --------------------------------------------------------------------

    def forward(self, *x):
        """Feeds the inputs through the layers in order and returns the last output.

        A tuple output is unpacked into the arguments of the next layer.
        """
        if not self._layers:
            raise RuntimeError('Sequential does not have any layer.')
        value = x
        for layer in self._layers:
            value = layer(*value) if isinstance(value, tuple) else layer(value)
        return value

    def copy(self, mode='share'):
        """Copies the model: link layers with :meth:`~chainer.Link.copy` (``mode``), other
        layers with :func:`copy.copy`."""
        dup = Sequential()
        for layer in self._layers:
            if isinstance(layer, _link.Link):
                dup.append(layer.copy(mode))
            else:
                dup.append(copy.copy(layer))
        return dup

    def copyparams(self, link, copy_persistent=True):
        """Copies the parameters of the link layers of ``link``, another Sequential, matched
        by position."""
        if not isinstance(link, Sequential):
            raise ValueError(
                'Sequential.copyparams needs another Sequential as the source; got '
                '{}.'.format(type(link)))
        for i, layer in enumerate(self._layers):
            if isinstance(layer, _link.Link):
                layer.copyparams(link[i], copy_persistent)

    def flatten(self):
        """Returns a new Sequential in which nested Sequentials are expanded into their layers.

        For example ``Sequential(a, Sequential(f, Sequential(b)), c).flatten()`` has the layers
        ``a, f, b, c``.
        """
        flat = Sequential()
        for layer in self._layers:
            if isinstance(layer, Sequential):
                flat.extend(layer.flatten())
            else:
                flat.append(layer)
        return flat
