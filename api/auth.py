"""Who is calling: a personal API token, a match's score keeper token, a browser session
(with CSRF), or nobody."""

from dataclasses import dataclass

from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth
from ninja.utils import check_csrf

from accounts.services import user_for_token
from scoring.models import Match, is_scorekeeper_token_shaped


@dataclass(frozen=True)
class Caller:
    user: object | None = None  # through a personal token or the session
    match_id: int | None = None  # through a match's score keeper token
    opponents_of: int | None = None  # through a match's opponents' token (confirm, dispute)

    @property
    def anonymous(self) -> bool:
        return self.user is None and self.match_id is None and self.opponents_of is None


class BearerToken(HttpBearer):
    def authenticate(self, request, token):
        if user := user_for_token(token):
            return Caller(user=user)
        if is_scorekeeper_token_shaped(token):
            match_id = (
                Match.objects.filter(scorekeeper_token=token).values_list("pk", flat=True).first()
            )
            if match_id is not None:
                return Caller(match_id=match_id)
            opponents_of = (
                Match.objects.filter(opponents_token=token).values_list("pk", flat=True).first()
            )
            if opponents_of is not None:
                return Caller(opponents_of=opponents_of)
        return None


class Session(SessionAuth):
    """A browser's session, with Django's own CSRF check, asked of a logged-in browser only:
    a caller whose token is wrong or missing is told 401, not to send a CSRF token."""

    def __init__(self):
        super().__init__(csrf=False)

    def authenticate(self, request, key):
        user = super().authenticate(request, key)
        if not user:
            return None
        if check_csrf(request) is not None:
            raise HttpError(403, "CSRF check failed")
        return Caller(user=user)


def anyone(request):
    """For what the public may read: the permission check decides."""
    return Caller()


PERSONAL = [BearerToken(), Session()]
PUBLIC = [BearerToken(), Session(), anyone]

# What the OpenAPI document says of the endpoints anyone may call (a public tournament's).
PUBLIC_SECURITY = {"security": [{}]}  # added to the token and session schemes


def personal_user(request):
    """The user of a personal token or session; a score keeper token may not do this."""
    from api.errors import forbidden_for_link, unauthorized

    caller = request.auth
    if caller.user is None:
        raise forbidden_for_link() if caller.match_id or caller.opponents_of else unauthorized()
    return caller.user
