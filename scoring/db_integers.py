"""An integer too large for its column reaches PostgreSQL whole, or not at all.

Django hands psycopg a model's integer wrapped in psycopg's Int2, Int4 or Int8 (its column's
size). With server_side_binding (config/settings) they are sent in binary, and psycopg's C
dumpers (psycopg_binary 3.3.9, psycopg_c/types/numeric.pyx: `<int16_t>PyLong_AsLongLong`)
narrow the number without checking it: 70000 written to a smallint is stored as 4464,
2**32 + 5 to an integer as 5, past every `>= 0` check. Sent as text (client-side binding),
PostgreSQL refuses it; psycopg's pure-Python dumpers raise. These dumpers, registered once
for every connection, refuse it as PostgreSQL would (NumericValueOutOfRange, SQLSTATE 22003),
which Django raises as a DataError, before anything is sent."""

import struct

from psycopg import adapters, errors, postgres
from psycopg.adapt import Dumper
from psycopg.pq import Format
from psycopg.types.numeric import Int2, Int4, Int8


class _CheckedBinaryDumper(Dumper):
    format = Format.BINARY
    type_name = ""
    packer: struct.Struct

    def dump(self, obj) -> bytes:
        try:
            return self.packer.pack(obj)
        except struct.error:
            raise errors.NumericValueOutOfRange(
                f"{int(obj)} is out of range for type {self.type_name}") from None


def _checked(wrapper, oid_name: str, type_name: str, code: str) -> type[Dumper]:
    return type(f"Checked{wrapper.__name__}BinaryDumper", (_CheckedBinaryDumper,), {
        "oid": postgres.types[oid_name].oid, "type_name": type_name,
        "packer": struct.Struct(code)})


DUMPERS = {Int2: _checked(Int2, "int2", "smallint", "!h"),
           Int4: _checked(Int4, "int4", "integer", "!i"),
           Int8: _checked(Int8, "int8", "bigint", "!q")}


def install() -> None:
    """On psycopg's global adapters, which each connection's (Django's included) extend: to
    be called before the first connection (ScoringConfig.ready)."""
    for wrapper, dumper in DUMPERS.items():
        adapters.register_dumper(wrapper, dumper)
