"""A proto2 schema written as Python calls, turned into a ``FileDescriptorProto``.

The schema modules describe messages with :func:`message`, :func:`enum` and the field
helpers :func:`optional`, :func:`repeated` and :func:`required`; :func:`file_descriptor`
resolves the type names and returns the ``FileDescriptorProto`` that a descriptor pool
turns into message classes. No ``protoc`` and no generated code are involved, so the
result works with every protobuf release and backend (upb and pure Python).
"""

import collections

from google.protobuf import descriptor_pb2

Field = collections.namedtuple('Field', 'label name number type default packed')
Enum = collections.namedtuple('Enum', 'name values')
Message = collections.namedtuple('Message', 'name fields enums')

_FDP = descriptor_pb2.FieldDescriptorProto
_SCALAR_TYPES = {
    'double': _FDP.TYPE_DOUBLE,
    'float': _FDP.TYPE_FLOAT,
    'int64': _FDP.TYPE_INT64,
    'uint64': _FDP.TYPE_UINT64,
    'int32': _FDP.TYPE_INT32,
    'uint32': _FDP.TYPE_UINT32,
    'bool': _FDP.TYPE_BOOL,
    'string': _FDP.TYPE_STRING,
    'bytes': _FDP.TYPE_BYTES,
}
_LABELS = {
    'optional': _FDP.LABEL_OPTIONAL,
    'repeated': _FDP.LABEL_REPEATED,
    'required': _FDP.LABEL_REQUIRED,
}


def optional(type_name, name, number, default=None):
    """An ``optional`` field; ``default`` is a Python value (an enum default is its name)."""
    return Field('optional', name, number, type_name, default, False)


def repeated(type_name, name, number, packed=False):
    """A ``repeated`` field, ``[packed = true]`` when ``packed``."""
    return Field('repeated', name, number, type_name, None, packed)


def required(type_name, name, number):
    """A ``required`` field."""
    return Field('required', name, number, type_name, None, False)


def enum(name, *values):
    """An enum type; ``values`` are ``(NAME, number)`` pairs in declaration order."""
    return Enum(name, tuple(values))


def message(name, *members):
    """A message type made of fields and nested enum types (in any order)."""
    fields = tuple(m for m in members if isinstance(m, Field))
    enums = tuple(m for m in members if isinstance(m, Enum))
    return Message(name, fields, enums)


def file_descriptor(file_name, package, definitions):
    """Returns the ``FileDescriptorProto`` of ``definitions`` (top-level messages and enums)."""
    proto = descriptor_pb2.FileDescriptorProto(name=file_name, package=package, syntax='proto2')
    messages = [d for d in definitions if isinstance(d, Message)]
    top_enums = {d.name for d in definitions if isinstance(d, Enum)}
    message_names = {m.name for m in messages}
    for definition in definitions:
        if isinstance(definition, Enum):
            _fill_enum(proto.enum_type.add(), definition)
    for msg in messages:
        msg_proto = proto.message_type.add(name=msg.name)
        for nested in msg.enums:
            _fill_enum(msg_proto.enum_type.add(), nested)
        nested_enums = {e.name for e in msg.enums}
        for field in msg.fields:
            field_proto = msg_proto.field.add(
                name=field.name, number=field.number, label=_LABELS[field.label])
            if field.type in _SCALAR_TYPES:
                field_proto.type = _SCALAR_TYPES[field.type]
            elif field.type in nested_enums:
                field_proto.type = _FDP.TYPE_ENUM
                field_proto.type_name = f'.{package}.{msg.name}.{field.type}'
            elif field.type in top_enums:
                field_proto.type = _FDP.TYPE_ENUM
                field_proto.type_name = f'.{package}.{field.type}'
            elif field.type in message_names:
                field_proto.type = _FDP.TYPE_MESSAGE
                field_proto.type_name = f'.{package}.{field.type}'
            else:
                raise ValueError(f'{msg.name}.{field.name}: unknown type {field.type!r}')
            if field.default is not None:
                field_proto.default_value = _default_text(field.default)
            if field.packed:
                field_proto.options.packed = True
    return proto


def _fill_enum(enum_proto, definition):
    enum_proto.name = definition.name
    for value_name, number in definition.values:
        enum_proto.value.add(name=value_name, number=number)


def _default_text(value):
    # FieldDescriptorProto.default_value is text: booleans as true/false, numbers as
    # literals, enum values and strings as they are.
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return str(value)
