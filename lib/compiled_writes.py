"""The two writes of every saved hand (the hand's row added, the match's row updated) by SQL
that Django compiles once per process and database, as lib.compiled does for reads.

`Model.save()` builds its INSERT or UPDATE anew each time; for a hand, building them cost
more of the app's CPU than the rest of the service (docs/performance.md). These do what
`save()` does for a model without parents: each field's `pre_save` and database value, the
values the database returns (the new id), the instance's state, and on an error the
transaction marked for rollback. A model with pre_save or post_save receivers, or a value
that is an expression (F(), Now()), is saved by `save()` itself.
tests/test_compiled_writes.py checks each against the ORM's own rows.
"""

from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError, connections, router, transaction
from django.db.models import Model, signals
from django.db.models.sql import InsertQuery


def _signalled(model: type[Model]) -> bool:
    return signals.pre_save.has_listeners(model) or signals.post_save.has_listeners(model)


def _plain(values) -> bool:
    return not any(hasattr(value, "resolve_expression") for value in values)


@dataclass(frozen=True)
class _Insert:
    sql: str
    fields: tuple
    returning_fields: tuple
    returning_params: tuple
    converters: dict


class CompiledInsert:
    """`insert(instance)`: `instance.save(force_insert=True)` for a new row of `model`."""

    def __init__(self, model: type[Model]):
        if model._meta.parents:
            raise ImproperlyConfigured("A compiled insert is for a model without parents.")
        self._model = model
        self._compiled: dict[str, _Insert] = {}

    def __call__(self, instance: Model) -> None:
        using = router.db_for_write(self._model, instance=instance)
        connection = connections[using]
        if _signalled(self._model) or not connection.features.can_return_columns_from_insert:
            instance.save(using=using, force_insert=True)
            return
        compiled = self._compiled.get(using) or self._compile(using)
        instance._prepare_related_fields_for_save(operation_name="save")
        values = [field.pre_save(instance, True) for field in compiled.fields]
        if not _plain(values):
            instance.save(using=using, force_insert=True)
            return
        params = [field.get_db_prep_save(value, connection=connection)
                  for field, value in zip(compiled.fields, values, strict=True)]
        with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            row = connection.ops.fetch_returned_insert_columns(cursor, compiled.returning_params)
        for position, (converters, expression) in compiled.converters.items():
            row = list(row)
            for converter in converters:
                row[position] = converter(row[position], expression, connection)
        for field, value in zip(compiled.returning_fields, row, strict=True):
            setattr(instance, field.attname, value)
        instance._state.adding = False
        instance._state.db = using

    def _compile(self, using: str) -> _Insert:
        meta = self._model._meta
        fields = tuple(field for field in meta.local_concrete_fields
                       if field is not meta.auto_field and not field.generated)
        returning_fields = tuple(meta.db_returning_fields)
        query = InsertQuery(self._model)
        query.insert_values(fields, [self._model()], raw=False)
        compiler = query.get_compiler(using=using)
        compiler.returning_fields = returning_fields
        [(sql, params)] = compiler.as_sql()
        if sql.count("%s") != len(fields) or len(params) != len(fields):
            raise ImproperlyConfigured("A compiled insert writes each field as a parameter.")
        columns = [field.get_col(meta.db_table) for field in returning_fields]
        compiled = _Insert(sql=sql, fields=fields, returning_fields=returning_fields,
                           returning_params=tuple(compiler.returning_params),
                           converters=compiler.get_converters(columns))
        self._compiled[using] = compiled
        return compiled


class CompiledUpdate:
    """`update(instance, fields)`: `instance.save(update_fields=fields)`, its row found by
    its primary key; the SQL compiled once per set of fields."""

    def __init__(self, model: type[Model]):
        if model._meta.parents:
            raise ImproperlyConfigured("A compiled update is for a model without parents.")
        self._model = model
        self._compiled: dict[tuple, tuple[str, tuple]] = {}

    def __call__(self, instance: Model, update_fields) -> None:
        using = instance._state.db or router.db_for_write(self._model, instance=instance)
        names = tuple(update_fields)
        if _signalled(self._model) or not names:
            instance.save(using=using, update_fields=names)
            return
        connection = connections[using]
        sql, fields = self._compiled.get((using, names)) or self._compile(using, names)
        values = [field.pre_save(instance, False) for field in fields]
        if not _plain(values):
            instance.save(using=using, update_fields=names)
            return
        params = [field.get_db_prep_save(value, connection=connection)
                  for field, value in zip(fields, values, strict=True)]
        params.append(self._model._meta.pk.get_db_prep_value(instance.pk, connection))
        with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
            cursor.execute(sql, params)
            updated = cursor.rowcount
        if updated < 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")

    def _compile(self, using: str, names: tuple) -> tuple[str, tuple]:
        meta = self._model._meta
        fields = tuple(meta.get_field(name) for name in names)
        if any(not field.concrete or field.primary_key or hasattr(field, "get_placeholder")
               for field in fields):
            raise ImproperlyConfigured("A compiled update writes concrete fields, each as a "
                                       "parameter, and not the key.")
        quote = connections[using].ops.quote_name
        table = quote(meta.db_table)
        sql = (f"UPDATE {table} SET "
               + ", ".join(f"{quote(field.column)} = %s" for field in fields)
               + f" WHERE {table}.{quote(meta.pk.column)} = %s")
        self._compiled[(using, names)] = (sql, fields)
        return sql, fields
