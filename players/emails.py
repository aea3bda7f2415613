"""The emails a player gets: what a notice tells them (players.services.notices sends one
once the write is kept), and an organizer's invitation sent to the address typed for it.

The app does not know the reader's language: each email says it in French, then in
English (the subject in both, "français / English"). Plain text, from the templates in
players/templates/players/email/: one file per notice kind with a `subject` and a `body`
partial. Links are whole, from settings.SITE_URL.

Nothing here may fail a write: the email goes after the transaction is kept, and a server
that refuses it (or a notice gone since) is logged, not raised.
"""

from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Member
from clubs.public_names import PublicNames
from players.models import Invitation, Notice

logger = logging.getLogger(__name__)

# French first: the clubs the app serves are Québec's.
LANGUAGES = ("fr", "en")
BETWEEN = "\n\n" + "-" * 40 + "\n\n"


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _bilingual(template: str, context: dict) -> tuple[str, str]:
    subjects, bodies = [], []
    for language in LANGUAGES:
        with translation.override(language):
            subject = " ".join(render_to_string(f"{template}#subject", context).split())
            subjects.append(subject)
            bodies.append(render_to_string(f"{template}#body", context).strip())
    subject = " / ".join(dict.fromkeys(subjects))  # said once when the same in both
    return subject, BETWEEN.join(bodies) + "\n"


def _send(*, to: str, template: str, context: dict, what: str) -> bool:
    try:
        subject, body = _bilingual(template, context)
        EmailMessage(subject=subject, body=body, to=[to]).send()
    except Exception:  # a server down, refusing, timing out: the write stands
        logger.exception("Email not sent (%s)", what)
        return False
    return True


def _notice(notice_id: int) -> Notice | None:
    return Notice.objects.select_related(
        "member__account", "member__club", "night__tournament", "night__club",
    ).filter(pk=notice_id).first()


def notice_context(notice: Notice) -> dict:
    member = notice.member
    club = member.club
    names = PublicNames(club, full=False)
    by = notice.params.get("by")
    by_member = Member.objects.filter(pk=by, club=club).first() if by else None
    night = notice.night
    tournament = night.tournament if night else None
    return {
        "notice": notice, "club": club, "member": member,
        "name": names.of(member),
        "night": tournament,
        "zone": club.time_zone,
        "place": (tournament.place or club.place) if tournament else "",
        "position": notice.params.get("position"),
        "by_name": names.of(by_member) if by_member else "",
        "me_url": absolute(reverse("me")),
        "night_url": absolute(reverse("public_standings", args=[tournament.pk]))
        if tournament and tournament.public else "",
    }


def send_notice(notice_id: int) -> bool:
    """Email what the notice tells to its member's account, when the account has an
    address. True when sent."""
    try:
        notice = _notice(notice_id)
        account = notice.member.account if notice else None
        if account is None or not account.email:
            return False
        context = notice_context(notice)
    except Exception:
        logger.exception("Email not sent (notice %s)", notice_id)
        return False
    return _send(to=account.email, template=f"players/email/{notice.kind}.txt",
                 context=context, what=f"notice {notice_id}")


def send_invitation(invitation_id: int) -> bool:
    """Email an invitation's link to the address the organizer typed for it, while it is
    still open. True when sent."""
    try:
        invitation = Invitation.objects.select_related("club", "member").filter(
            pk=invitation_id).first()
        if invitation is None or not invitation.email or not invitation.is_open():
            return False
        context = {
            "club": invitation.club, "invitation": invitation,
            "name": PublicNames(invitation.club, full=False).of(invitation.member),
            "expires": timezone.localtime(invitation.expires_at,
                                          ZoneInfo(invitation.club.time_zone)),
            "link": absolute(reverse("invitation", args=[invitation.token])),
        }
    except Exception:
        logger.exception("Email not sent (invitation %s)", invitation_id)
        return False
    return _send(to=invitation.email, template="players/email/invitation.txt",
                 context=context, what=f"invitation {invitation_id}")
