"""Reads whose SQL Django compiles once per process, for the requests every table sends.

Django builds a queryset's SQL anew each time it runs. The match's read on every request of
a table joins its teams, seats, table, round and tournament, and building that SQL took
2 ms of the app's CPU, more than PostgreSQL took to plan and run it (docs/performance.md).
A `CompiledRead` builds its queryset's SQL once per process and database, then runs it
with the one value it looks up, and makes the instances, with those of `select_related`,
as Django's own `ModelIterable` does (or the tuples of `values_list`).

For querysets whose SQL depends on nothing but the one value filtered on: a lookup of one
row by a unique column, with `select_related`, `only`, `select_for_update` or
`values_list` or annotations (aggregates too, grouped by that column); no prefetch. With
`many`, every row of the queryset, in its order (a match's revisions, by the match).
tests/test_compiled.py checks each read of the app against the ORM's own result.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError

# Values that no real lookup takes, so that their place among the compiled SQL's
# parameters is found without doubt.
_SENTINEL = {int: -7_301_947_263_015, str: "\x1b compiled-read sentinel \x1b"}


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    at: int  # the place of the looked-up value among `params`
    converters: dict  # {position: ([converter, ...], expression)}, as the compiler's
    locks: bool
    model: type[Model] | None  # None: values_list's tuples
    init_list: list[str]
    model_slice: slice
    populators: list
    annotations: tuple  # ((attribute, position), ...) set on each instance, as the ORM's


class CompiledRead:
    """`read(value)`: the one row of `build(value)` (a queryset of `model`), or None; with
    `many`, the list of its rows.

    `build` is called once per database with a stand-in value, to compile; its queryset
    must look the value up with an exact filter on a unique column of its model. A read
    that locks (`select_for_update`) says `for_write`, so that it goes to the database the
    router writes to.
    """

    def __init__(self, model: type[Model], build: Callable[[object], QuerySet], *,
                 kind: type = int, for_write: bool = False, many: bool = False):
        if kind not in _SENTINEL:
            raise ImproperlyConfigured(f"A compiled read looks up an int or a str, not {kind}.")
        self._model = model
        self._build = build
        self._kind = kind
        self._for_write = for_write
        self._many = many
        self._compiled: dict[str, _Compiled] = {}

    def queryset(self, value) -> QuerySet:
        """The ORM's own queryset for `value` (what the compiled SQL runs)."""
        queryset = self._build(value)
        return queryset if self._many else queryset[:1]

    def __call__(self, value):
        using = (router.db_for_write if self._for_write else router.db_for_read)(self._model)
        compiled = self._compiled.get(using) or self._compile(using)
        connection = connections[using]
        if compiled.locks and connection.get_autocommit():
            # As the ORM: a lock taken outside a transaction would be let go at once.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction.")
        params = list(compiled.params)
        params[compiled.at] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            if self._many:
                return [self._instance(compiled, row, using, connection)
                        for row in cursor.fetchall()]
            row = cursor.fetchone()
        return None if row is None else self._instance(compiled, row, using, connection)

    @staticmethod
    def _instance(compiled: _Compiled, row, using: str, connection):
        if compiled.converters:
            row = list(row)
            for position, (converters, expression) in compiled.converters.items():
                for converter in converters:
                    row[position] = converter(row[position], expression, connection)
        if compiled.model is None:
            return tuple(row)
        instance = compiled.model.from_db(using, compiled.init_list, row[compiled.model_slice])
        for populator in compiled.populators:
            populator.populate(row, instance)
        for name, position in compiled.annotations:
            setattr(instance, name, row[position])
        return instance

    def _compile(self, using: str) -> _Compiled:
        queryset = self.queryset(_SENTINEL[self._kind])
        query = queryset.query
        if queryset.model is not self._model or queryset.db != using:
            raise ImproperlyConfigured("A compiled read's queryset is of its model and database.")
        if bool(query.select_for_update) != self._for_write:
            raise ImproperlyConfigured("A compiled read locks if, and only if, it is for_write.")
        iterable = queryset._iterable_class
        if iterable not in (ModelIterable, ValuesListIterable):
            raise ImproperlyConfigured("A compiled read makes instances or values_list tuples.")
        if queryset._prefetch_related_lookups or query.combinator:
            raise ImproperlyConfigured("A compiled read has no prefetch or union.")
        compiler = query.get_compiler(using=using)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        sentinel = _SENTINEL[self._kind]
        places = [index for index, param in enumerate(params) if param == sentinel]
        if len(places) != 1:
            raise ImproperlyConfigured("A compiled read filters on its value exactly once.")
        fields = [column[0] for column in compiler.select[: compiler.col_count]]
        compiled = _Compiled(
            sql=sql, params=tuple(params), at=places[0],
            converters=compiler.get_converters(fields),
            locks=bool(query.select_for_update), model=None, init_list=[],
            model_slice=slice(0), populators=[], annotations=(),
        )
        if iterable is ModelIterable:
            klass_info = compiler.klass_info
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            compiled = replace(
                compiled, model=klass_info["model"],
                init_list=[column[0].target.attname for column in compiler.select[start:end]],
                model_slice=slice(start, end),
                populators=get_related_populators(klass_info, compiler.select, using),
                annotations=tuple(compiler.annotation_col_map.items()),
            )
        # Several threads may compile at once: they compile the same thing.
        self._compiled[using] = compiled
        return compiled
