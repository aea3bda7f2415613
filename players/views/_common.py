"""What the player's views share: a service's refusal said as a message, and where an
action goes back to."""

from contextlib import contextmanager

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme

from scoring.errors import ScoringError


def tell_refusal(request, error: ScoringError) -> None:
    """A refusal of the services, in the reader's words, on the next page shown."""
    for message in error.messages():
        messages.error(request, message)


@contextmanager
def refused(request):
    """tell_refusal for a block: the rest of it is skipped and nothing was saved."""
    try:
        yield
    except ScoringError as error:
        tell_refusal(request, error)


def safe_next(request) -> str:
    """The `next` a form was posted (or a page opened) with, when it is a page of this
    site, else ""."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return ""


def back(request, default: str):
    """To the `next` the form was posted with (a page of this site), else to `default`."""
    return redirect(safe_next(request) or default)
