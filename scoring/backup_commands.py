"""What the backup commands share: those that write one (export_tournament, export_club),
the JSON to a file or standard output; those that rebuild one (import_tournament,
import_club), the file read as JSON, the owner and the accounts its user names stand for
named, the services' refusals said."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext

from scoring.errors import ScoringError


def add_file_and_owner(parser, owner_help: str) -> None:
    parser.add_argument("file")
    parser.add_argument("--owner", required=True, help=owner_help)
    parser.add_argument(
        "--map-user", action="append", default=[], metavar="FILE_NAME=LOCAL_NAME",
        help="the account here that a user name of the file stands for (repeatable): the "
             "only accounts, with --owner, that the import gives any right or authorship; "
             "the file's other user names are dropped, whoever has them here")


def _account(name: str):
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise CommandError(gettext("Nobody has the user name %(name)s.") % {"name": name})
    return user


def run_import(rebuild, file: str, owner: str, map_user=()):
    """`rebuild(data=..., owner=..., users=...)` over the file's JSON: the owner and the
    accounts mapped (file name -> account) found by user name; what it made, or a
    CommandError saying why not."""
    try:
        with open(file, encoding="utf-8") as source:
            data = json.load(source)
    except (OSError, ValueError) as error:
        raise CommandError(gettext("Cannot read %(file)s: %(problem)s") % {
            "file": file, "problem": error}) from error
    except RecursionError as error:  # json's parser recurses once per bracket
        raise CommandError(gettext(
            "Cannot read %(file)s: its JSON nests lists and objects too deeply for a "
            "backup.") % {"file": file}) from error
    users = {}
    for pair in map_user:
        file_name, _, local_name = pair.partition("=")
        if not file_name or not local_name:
            raise CommandError(gettext(
                "--map-user takes FILE_NAME=LOCAL_NAME, not %(pair)s.") % {"pair": pair})
        users[file_name] = _account(local_name)
    try:
        return rebuild(data=data, owner=_account(owner), users=users)
    except ScoringError as error:
        raise CommandError(" ".join(error.messages())) from error


def add_output(parser) -> None:
    parser.add_argument("--output", "-o", help="file to write (default: standard output)")


def write_export(command, data, name: str, output: str | None) -> None:
    """`data` as indented JSON, into the file `output` (saying so), or to standard output."""
    text = json.dumps(data, indent=2, ensure_ascii=False, cls=DjangoJSONEncoder)
    if output:
        with open(output, "w", encoding="utf-8") as file:
            file.write(text + "\n")
        command.stderr.write(f"Wrote {name} to {output}.")
    else:
        command.stdout.write(text)
