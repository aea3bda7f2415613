"""What the club's views share: who may see a club, refusals shown beside their fields."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404

from clubs.models import Member
from clubs.selectors import club_or_404, is_organizer, may_read, one_or_404


def organizer_view(view):
    """Logged in, and an organizer of the club in the URL (else 404)."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        club = club_or_404(pk)
        if not is_organizer(request.user, club):
            raise Http404
        return view(request, club, *args, **kwargs)

    return wrapper


def member_of(club, member_id) -> Member:
    """A member of the club's roster (else 404)."""
    return one_or_404(Member.objects.filter(club=club), member_id)


def reader_view(view):
    """A public club's pages are anyone's; a private club's, its organizers' (else 404)."""

    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        club = club_or_404(pk)
        if not may_read(request.user, club):
            raise Http404
        return view(request, club, *args, **kwargs)

    return wrapper


def form_errors(form, error) -> None:
    """Each refusal of a service beside its field (or over the form)."""
    for violation, message in zip(error.violations, error.messages(), strict=True):
        form.add_error(violation.field if violation.field in form.fields else None, message)
