"""Base classes of serializers (``chainer.AbstractSerializer``, ``Serializer``,
``Deserializer``).

An object implements ``serialize(serializer)`` and calls ``serializer(key, value)`` for each
of its values and ``serializer[key]`` for each child; the same method both saves and loads.
"""


class AbstractSerializer:
    """Interface shared by serializers (which save) and deserializers (which load)."""

    def __getitem__(self, key):
        """Returns a child serializer for ``key``.

        Args:
            key (str): Name of the child object.
        """
        raise NotImplementedError

    def __call__(self, key, value):
        """Serializes or deserializes a value at ``key``.

        A serializer stores ``value`` and returns it. A deserializer copies a restored array
        into ``value`` in place (or returns a new array when ``value`` is ``None``) and, for a
        scalar or a string, returns the restored value converted to the type of ``value``.

        Args:
            key (str): Name of the value.
            value (scalar, array, None, or str): Value to serialize, or the object to
                deserialize into.

        Returns:
            The serialized or deserialized value.
        """
        raise NotImplementedError


class Serializer(AbstractSerializer):
    """Base class of the serializers, which write values out."""

    def save(self, obj):
        """Saves an object by calling its ``serialize`` method with this serializer."""
        obj.serialize(self)


class Deserializer(AbstractSerializer):
    """Base class of the deserializers, which read values back."""

    def load(self, obj):
        """Loads an object by calling its ``serialize`` method with this deserializer."""
        obj.serialize(self)
