"""Sequential model (``chainer.Sequential``)."""
import copy
import inspect

from chainer import link as _link


def _layer_type_name(layer):
    if isinstance(layer, _link.Link):
        return layer.__class__.__name__
    return getattr(layer, '__name__', layer.__class__.__name__)


class Sequential(_link.ChainList):
    """Sequential model which has a single-stream forward pass.

    .. warning::

        This feature is experimental. The interface can change in the future.

    This class enables to construct a network which has sequential structure easily.  While
    :class:`~chainer.Chain` and :class:`~chainer.ChainList` can only take
    :class:`~chainer.Link` object as input to their constructor, this :class:`Sequential` can
    take arbitrary number of any callable objects for the forward pass computation.  A
    :class:`Sequential` calls the given callable objects sequentially inside of the
    :meth:`~Sequential.forward` method in the same order as the given arguments.  Therefore,
    you do not need to write the forward pass computation explicitly.

    .. admonition:: Example

        The below example code shows how to use this class to construct a simple sequential
        network::

            import chainer
            import chainer.functions as F
            import chainer.links as L
            from chainer import Sequential

            # Model definition without writing forward function
            model = Sequential(
                L.Linear(n_in, n_hidden),
                F.relu,
                L.Linear(n_hidden, n_hidden),
                F.relu,
                L.Linear(n_hidden, n_out)
            )

            # Compute the forward pass
            y = model(x)

        where ``x`` denotes a mini-batch of ``n_in``-dimensional input vectors.

        Furthermore, :class:`Sequential` supports built-in list APIs, so you can concatenate
        :class:`Sequential` objects to create a longer :class:`Sequential` model easily with
        the same ways as Python lists::

            model_A = Sequential(L.Linear(10, 10), F.relu)
            model_B = Sequential(L.Linear(10, 10), F.sigmoid)
            model_C = model_A + model_B

        To repeat a :class:`Sequential` object multiple times, you can use
        :meth:`~chainer.Link.repeat` method::

            model_D = model_A.repeat(3)

        You can also add your own functions or any callable objects to a :class:`Sequential`
        object::

            from chainer.links.model.vision.vgg import VGG16Layers

            model = Sequential()
            model.append(L.Linear(n_out, n_hidden))
            model.append(F.relu)
            model.append(lambda x: F.reshape(x, (1, 3, 224, 224)))
            model.append(VGG16Layers())
            model.append(lambda x: x['prob'])

            y = model(x)

        The above code example shows how to add some layers to the ``model`` using
        :meth:`~Sequential.append` method and then add a large network (``VGG16Layers``) and
        finally add a lambda function to extract the ``prob`` output.

        You can check the structure of your model briefly using ``print`` as following:

        >>> print(model_C)  # doctest: +SKIP
        Sequential(
          (0): Linear(in_size=10, out_size=10, nobias=False),
          (1): <function relu at 0x...>,
          (2): Linear(in_size=10, out_size=10, nobias=False),
          (3): <function sigmoid at 0x...>,
        )

    .. note::

        Note that a :class:`Sequential` link which has at least one ``lambda`` function as its
        member cannot be pickled.  So, please use ``partial`` method from :mod:`functools`
        package instead::

            from functools import partial

            # This is not pickable
            model = Sequential(
                L.Convolution2D(None, 64, 3, 1, 1),
                lambda x: F.max_pooling_2d(x, 2)
            )

            # This is pickable
            model = Sequential(
                L.Convolution2D(None, 64, 3, 1, 1),
                partial(F.max_pooling_2d, ksize=2)
            )

    The child links of a :class:`Sequential` (its :class:`~chainer.Link` layers) are named by
    their positions among the links: ``'0'``, ``'1'``, ...

    Args:
        layers: The layers which are called in its order.  Each component should be a
            callable object including :class:`~chainer.Link` object and functions defined
            under the :mod:`chainer.functions`, e.g., :func:`~chainer.functions.relu`, etc.
    """

    def __init__(self, *layers):
        super().__init__()
        self._layers = []
        for layer in layers:
            self.append(layer)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        if isinstance(i, slice):
            layers = list(layer)
            for each in layers:
                _check_callable(each)
            self._layers[i] = layers
        else:
            if not -len(self) <= i < len(self):
                raise IndexError('Index out of range: {}'.format(i))
            _check_callable(layer)
            self._layers[i] = layer
        self._sync_children()

    def __delitem__(self, i):
        del self._layers[i]
        self._sync_children()

    def __iter__(self):
        return iter(self._layers)

    def __reversed__(self):
        return reversed(self._layers)

    def __contains__(self, layer):
        return any(each is layer or each == layer for each in self._layers)

    def __add__(self, other):
        if isinstance(other, Sequential):
            ret = Sequential()
            for layer in self:
                ret.append(layer)
            for layer in other:
                ret.append(layer)
            return ret
        else:
            raise ValueError('add (+) operator supports only objects of '
                             'Sequential class, but {} is given.'.format(
                                 str(type(other))))

    def __iadd__(self, other):
        if isinstance(other, Sequential):
            for layer in other:
                self.append(layer)
        else:
            raise ValueError('add (+) operator supports only objects of '
                             'Sequential class, but {} is given.'.format(
                                 str(type(other))))
        return self

    def __radd__(self, other):
        if isinstance(other, Sequential):
            return other.__add__(self)
        raise ValueError('add (+) operator supports only objects of '
                         'Sequential class, but {} is given.'.format(
                             str(type(other))))

    def __mul__(self, n):
        return self.repeat(n)

    def __rmul__(self, n):
        return self * n

    def __str__(self):
        reps = []
        for index, layer in enumerate(self):
            if getattr(layer, '__name__', None) == '<lambda>':
                try:
                    rep = inspect.getsource(layer).strip().rstrip(',')
                except (OSError, TypeError):
                    rep = str(layer)
            else:
                rep = str(layer)
            rep = '({index}): {rep},'.format(index=index, rep=rep)
            # Add indentation to each line.
            for line in rep.splitlines():
                reps.append('  {line}\n'.format(line=line))
        reps = ''.join(reps)
        if reps:  # No newline with no layers.
            reps = '\n' + reps
        return '{cls}({layers})'.format(cls=self.__class__.__name__, layers=reps)

    def _sync_children(self):
        # The child links are the Link layers in order, named by their position among links.
        self._children = [layer for layer in self._layers if isinstance(layer, _link.Link)]
        self._rename_children()

    def forward(self, *x):
        """Forward pass computation.

        This method performs the forward pass computation by giving the input variable ``x``
        to the layers registered in the constructor in the same order as the order in which
        the arguments are given to the constructor.

        It should be noted that the input variable is given directly to the first layer and
        all intermediate outputs generated during the forward pass are also directly fed to
        the next layer.  Therefore, the number of outputs at a layer should be the same as
        the number of inputs at the next layer (a tuple output is unpacked into the arguments
        of the next layer).

        Args:
            x: Input variables.

        Returns:
            The output of the final layer in the given layers.
        """
        if not self._layers:
            raise RuntimeError('Sequential does not have any layer.')
        for layer in self._layers:
            if isinstance(x, tuple):
                x = layer(*x)
            else:
                x = layer(x)
        return x

    def append(self, layer):
        """Appends a layer (any callable) to the end of the model."""
        self.insert(len(self), layer)

    def extend(self, sequential):
        """Appends all the layers of the given iterable (e.g. a Sequential)."""
        for layer in list(sequential):
            self.append(layer)

    def insert(self, i, layer):
        """Inserts a layer (any callable) at the given index.

        Args:
            i (int): Index at which the layer is inserted (negative values count from the
                end, as for lists).
            layer (callable): The layer.
        """
        n = len(self._layers)
        if not (-n <= i < (n + 1)):
            raise IndexError(
                'Index out of range: {}'.format(i))
        if i < 0:
            i += n
        _check_callable(layer)
        self._layers.insert(i, layer)
        self._sync_children()

    def remove(self, layer):
        """Removes the first occurrence of ``layer``; raises ValueError if absent."""
        if layer in self:
            del self[self.index(layer)]
        else:
            raise ValueError(
                'There is no layer object that is same as {}'.format(layer))

    def remove_by_layer_type(self, type_name):
        """Remove layers by layer type.

        This method removes layers from the Sequential object by the layer's class name or
        function name.  If you want to remove a :class:`~Link`, the argument ``type_name``
        should be its class name, e.g., :class:`~links.Linear` or
        :class:`~links.Convolution2D`, etc.  If you want to remove a
        :class:`~Function` class or any other callable objects, ``type_name`` should be the
        function name, e.g., ``relu`` or ``reshape``, etc.

        Args:
            type_name (str): The name of a layer you want to remove.
        """
        for layer in list(self._layers):
            if _layer_type_name(layer) == type_name:
                self.remove(layer)

    def pop(self, i=-1):
        """Removes and returns the layer at index ``i`` (default: the last one)."""
        layer = self._layers[i]
        del self[i]
        return layer

    def clear(self):
        """Removes all layers."""
        self._layers = []
        self._children = []

    def index(self, layer, start=None, end=None):
        """Returns the index of the first occurrence of ``layer`` in ``[start:end]``."""
        offset = 0 if start is None else range(len(self._layers))[start:end].start
        for j, each in enumerate(self._layers[start:end]):
            if each is layer or each == layer:
                return offset + j
        raise ValueError('{} is not in Sequential'.format(layer))

    def count(self, layer):
        """Returns the number of occurrences of ``layer``."""
        return sum(1 for each in self._layers if each is layer or each == layer)

    def count_by_layer_type(self, type_name):
        """Count the number of layers by layer type.

        This method counts the number of layers which have the name given by the argument
        ``type_name``.  For example, if you want to know the number of
        :class:`~links.Linear` layers included in this model, ``type_name`` should be
        ``Linear``.  If you want to know the number of :class:`~Function` classes or user-
        defined functions which have a specific name, ``type_name`` should be the function
        name, e.g., ``relu`` or ``reshape``, etc.

        Args:
            type_name (str): The class or function name of a layer you want to enumerate.
        """
        return sum(1 for layer in self._layers if _layer_type_name(layer) == type_name)

    def copy(self, mode='share'):
        """Copies the model; Link layers are copied with ``mode``, others shallow-copied."""
        ret = Sequential()
        for layer in self:
            if isinstance(layer, _link.Link):
                ret.append(layer.copy(mode))
            else:
                ret.append(copy.copy(layer))
        return ret

    def copyparams(self, link, copy_persistent=True):
        """Copies the parameters of the corresponding Link layers of another Sequential."""
        if not isinstance(link, Sequential):
            raise ValueError('Objects other than Sequential object cannot be '
                             'copied to a Sequential object.')
        for idx, child in enumerate(self):
            if isinstance(child, _link.Link):
                child.copyparams(link[idx], copy_persistent)

    def flatten(self):
        """Flatten nested :class:`~chainer.Sequential` links.

        This method flattens all the nested :class:`~chainer.Sequential` links inside this
        :class:`~chainer.Sequential` link.

        Returns:
            A flattened :class:`~chainer.Sequential` object.

        .. admonition:: Example

            .. code-block:: python

                >>> import chainer
                >>> import chainer.functions as F
                >>> import chainer.links as L
                >>> a = chainer.Sequential(L.Linear(None, 10), F.relu)
                >>> b = chainer.Sequential(L.Linear(None, 10), F.relu)
                >>> a.append(b)
                >>> print(a)  # Without flatten
                Sequential(
                  (0): Linear(in_size=None, out_size=10, nobias=False),
                  (1): <function relu at 0x...>,
                  (2): Sequential(
                    (0): Linear(in_size=None, out_size=10, nobias=False),
                    (1): <function relu at 0x...>,
                  ),
                )
                >>> print(a.flatten())  # With flatten
                Sequential(
                  (0): Linear(in_size=None, out_size=10, nobias=False),
                  (1): <function relu at 0x...>,
                  (2): Linear(in_size=None, out_size=10, nobias=False),
                  (3): <function relu at 0x...>,
                )
        """
        ret = Sequential()
        for layer in self:
            if isinstance(layer, Sequential):
                ret.extend(layer.flatten())
            else:
                ret.append(layer)
        return ret


def _check_callable(layer):
    if not callable(layer):
        raise ValueError(
            'All elements of the argument should be callable. But '
            'given {} is not callable.'.format(layer))
