"""python manage.py api_token USERNAME: print a new personal API token for a user."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.services import issue_token


class Command(BaseCommand):
    help = (
        "Print a new personal API token for USERNAME, alone on the last line. The user is "
        "created (without a password) if there is none. Tokens are stored hashed, so each run "
        "issues a new one; revoke old ones on the account page."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="command line", help="what the token is for")

    def handle(self, *args, username, name, **options):
        username = username.strip()
        if not username:
            raise CommandError("Give a user name.")
        users = get_user_model()
        user = users.objects.filter(username=username).first()
        if user is None:
            user = users.objects.create_user(username=username)
            self.stderr.write(
                f"Created user {username} (no password; set one with changepassword)."
            )
        elif not user.is_active:
            raise CommandError(f"User {username} is not active.")
        token = issue_token(user=user, name=name)
        self.stderr.write(f"New API token for {username}; it is shown only now:")
        self.stdout.write(token)
