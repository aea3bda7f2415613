"""Every refusal of the API as one JSON shape, in the caller's language:
{"detail": "...", "code": "...", "errors": [{"code", "field", "message"}]}."""

from contextlib import contextmanager

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from ninja.errors import AuthenticationError, HttpError, ValidationError

from scoring.errors import Conflict, InvalidInput, NotAllowed, NotFound, ScoringError, render

STATUS_OF = {InvalidInput: 422, Conflict: 409, NotFound: 404, NotAllowed: 403}


def documented_errors(schema):
    """The refusals every operation may answer, for its OpenAPI responses."""
    return dict.fromkeys((400, 401, 403, 404, 409, 413, 422, 503), schema)


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str):
        self.status, self.code, self.message = status, code, message
        super().__init__(message)


class Refused(Exception):
    """A refusal of the rules, already put in words for the match's teams."""

    def __init__(self, status: int, items: list[dict]):
        self.status, self.items = status, items
        super().__init__(items[0]["code"] if items else "refused")


@contextmanager
def refusals(match=None):
    """Turn the services' domain errors into API refusals naming the match's teams."""
    try:
        yield
    except ScoringError as error:
        team_label = match.team_name if match is not None else (lambda team: team)
        items = [
            {"code": v.code, "field": v.field, "message": render(v, team_label)}
            for v in error.violations
        ]
        status = next((s for cls, s in STATUS_OF.items() if isinstance(error, cls)), 422)
        raise Refused(status, items) from error


def forbidden_for_link():
    return ApiError(403, "scorekeeper_token",
                    _("A score keeper token works only for its own match: use a personal "
                      "API token."))


def keeper_cannot_confirm():
    return ApiError(403, "keeper_cannot_confirm",
                    _("The score keeper cannot confirm their own score: the opponents confirm "
                      "it with their own token."))


def version_required():
    return ApiError(428, "version_required",
                    _("Say which score you answer: the match's version as you read it "
                      "(version), or its ETag in an If-Match header. Read the match first."))


def versions_disagree():
    return ApiError(422, "version_mismatch",
                    _("The version and the If-Match header name two different versions of "
                      "the match: send one."))


def not_found():
    return ApiError(404, "not_found", _("There is no such match, or it is not yours to see."))


def no_such_tournament():
    return ApiError(404, "not_found",
                    _("There is no such tournament, or it is not yours to see."))


def no_such_team():
    return ApiError(404, "not_found", _("There is no such team in this tournament."))


def no_such_player():
    return ApiError(404, "not_found", _("There is no such player in this tournament."))


def too_large():
    megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20
    limit = formats.number_format(megabytes, decimal_pos=0 if megabytes.is_integer() else 1)
    return ApiError(413, "too_large", _("The body is larger than %(limit)s MB, the most the "
                                        "API reads: send less.") % {"limit": limit})


def unauthorized():
    return ApiError(401, "unauthorized",
                    _("Send a valid token: Authorization: Bearer <token>."))


# What pydantic says, said again in words a person can act on, in their language.
TYPE_MESSAGES = {
    "missing": gettext_noop("%(field)s is missing."),
    "extra_forbidden": gettext_noop("%(field)s is not a field of this request: remove it."),
    "int_type": gettext_noop("%(field)s must be a whole number (like 7, not \"7\" or 7.5)."),
    "int_parsing": gettext_noop("%(field)s must be a whole number (like 7, not \"7\" or 7.5)."),
    "int_from_float": gettext_noop("%(field)s must be a whole number (like 7, not \"7\" or "
                                   "7.5)."),
    "bool_type": gettext_noop("%(field)s must be true or false."),
    "bool_parsing": gettext_noop("%(field)s must be true or false."),
    "string_type": gettext_noop("%(field)s must be text."),
    "string_too_short": gettext_noop("%(field)s must not be empty."),
    "string_too_long": gettext_noop("%(field)s must have at most %(max_length)s characters."),
    "too_long": gettext_noop("%(field)s must have at most %(max_length)s items."),
    "literal_error": gettext_noop("%(field)s must be one of: %(expected)s."),
    "list_type": gettext_noop("%(field)s must be a list."),
    "dict_type": gettext_noop("%(field)s must be an object."),
    "model_type": gettext_noop("%(field)s must be an object."),
    "model_attributes_type": gettext_noop("%(field)s must be an object."),
    **dict.fromkeys(("datetime_parsing", "datetime_from_date_parsing", "datetime_type"),
                    gettext_noop("%(field)s must be a date and time with its offset, like "
                                 "2025-06-03T19:00:00-04:00.")),
    "greater_than_equal": gettext_noop("%(field)s must be at least %(ge)s."),
    "less_than_equal": gettext_noop("%(field)s must be at most %(le)s."),
}
DEFAULT_MESSAGE = gettext_noop("%(field)s is not valid.")


def _field(loc) -> str:
    parts = [str(part) for part in loc]
    # ("body", "payload", "points", "a") -> "points.a"; a path or query parameter keeps its name.
    if parts[:1] == ["body"]:
        parts = parts[2:]
    elif parts[:1] in (["path"], ["query"]):
        parts = parts[1:]
    return ".".join(parts) or "body"


def validation_items(errors) -> list[dict]:
    items = []
    for error in errors:
        field = _field(error.get("loc", ()))
        params = {**(error.get("ctx") or {}), "field": field}
        template = TYPE_MESSAGES.get(error.get("type"), DEFAULT_MESSAGE)
        try:
            message = _(template) % params
        except (KeyError, TypeError, ValueError):
            message = _(DEFAULT_MESSAGE) % {"field": field}
        items.append({"code": error.get("type", "invalid"), "field": field, "message": message})
    return items


def install_handlers(api):
    def respond(request, status, code, detail, errors=()):
        return api.create_response(
            request, {"detail": detail, "code": code, "errors": list(errors)}, status=status
        )

    @api.exception_handler(ApiError)
    def api_error(request, exc):
        return respond(request, exc.status, exc.code, exc.message)

    @api.exception_handler(Refused)
    def refused(request, exc):
        detail = " ".join(item["message"] for item in exc.items)
        return respond(request, exc.status, exc.items[0]["code"], detail, exc.items)

    @api.exception_handler(ValidationError)
    def validation_error(request, exc):
        items = validation_items(exc.errors)
        return respond(request, 422, "invalid", " ".join(i["message"] for i in items), items)

    @api.exception_handler(AuthenticationError)
    def authentication_error(request, exc):
        error = unauthorized()
        return respond(request, error.status, error.code, error.message)

    @api.exception_handler(HttpError)
    def http_error(request, exc):
        if exc.status_code == 400:  # the only 400 ninja raises: a body that is not JSON
            return respond(request, 400, "json_invalid", _("The body is not valid JSON."))
        if exc.status_code == 403:  # a browser session without its CSRF token
            return respond(request, 403, "csrf",
                           _("Send the CSRF token (X-CSRFToken header) with a browser session."))
        return respond(request, exc.status_code, "error", str(exc))

    @api.exception_handler(Http404)
    def http_404(request, exc):
        error = not_found()
        return respond(request, error.status, error.code, error.message)

    @api.exception_handler(RequestDataTooBig)
    def request_too_large(request, exc):
        return api_error(request, too_large())
