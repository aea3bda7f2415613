"""What the backup commands share: those that write one (export_tournament, export_club),
the JSON to a file or standard output; those that rebuild one (import_tournament,
import_club), the file read as JSON, the owner named, the services' refusals said."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder

from scoring.errors import ScoringError


def add_file_and_owner(parser, owner_help: str) -> None:
    parser.add_argument("file")
    parser.add_argument("--owner", help=owner_help)


def run_import(rebuild, file: str, owner: str | None):
    """`rebuild(data=..., owner=...)` over the file's JSON, the owner found by user name
    (None: as exported); what it made, or a CommandError saying why not."""
    try:
        with open(file, encoding="utf-8") as source:
            data = json.load(source)
    except (OSError, ValueError) as error:
        raise CommandError(f"Cannot read {file}: {error}") from error
    owner_user = None
    if owner:
        owner_user = get_user_model().objects.filter(username=owner).first()
        if owner_user is None:
            raise CommandError(f"Nobody has the user name {owner}.")
    try:
        return rebuild(data=data, owner=owner_user)
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
