"""A club's week through the player's door (issue 44, "What it must show"), in Chromium: the
organizer, on a laptop in English, announces a team night (cap 8 pairs) and makes three
invitations; three players accept them on their phones (one in French), sign up as a pair
(the partner confirms from their page) and at the partnership desk (the organizer makes the
pair, which waits: the night is full); one pair withdraws and the first waiting pair gets
its place (its player's page says so); the club's calendar and the player's own show the
night (parsed by `icalendar`); on the night the organizer, on a phone in French, puts the
sign-ups into the night (one team renamed) and opens check-in: one player checks in from
their page, the door checks in the rest. Each new page checked by axe-core, phone pages for
their width; SCREENSHOTS=folder saves the main steps."""

import re
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from icalendar import Calendar
from playwright.sync_api import expect

from clubs import services as clubs
from players import services
from players.models import Signup
from tests.e2e.accessibility import LAPTOP, PHONE, axe_violations, too_wide
from tests.e2e.helpers import settled, shot
from tests.factories import UserFactory
from tests.players.helpers import NAMES
from tournaments import services as tournaments

pytestmark = pytest.mark.e2e

# Not the site's zone (America/Montreal): the night's time is the club's.
ZONE = "America/Halifax"


def _feed_event(page, url: str, uid: str, language: str = "en-CA"):
    """The event `uid` of the iCalendar feed at `url`, fetched by a calendar app that asks
    for `language` (Playwright's requests send no Accept-Language of their own)."""
    response = page.request.get(url, headers={"Accept-Language": language})
    assert response.ok, response.status
    assert response.headers["content-type"].startswith("text/calendar")
    events = [event for event in Calendar.from_ical(response.body()).walk("VEVENT")
              if str(event["UID"]) == uid]
    assert len(events) == 1, [str(e["UID"]) for e in Calendar.from_ical(
        response.body()).walk("VEVENT")]
    return events[0]


def _phone_page(new_context, log_in, username, **context):
    page = new_context(viewport=PHONE, **context).new_page()
    return page, log_in(page, username)


def test_a_club_week_from_the_announcement_to_the_door(live_server, new_context, log_in):
    base = live_server.url
    # -- what matters little, through the services: the club, its roster, the night.
    organizer_page = new_context(viewport=LAPTOP).new_page()
    organizer = log_in(organizer_page, "organizer")
    club = clubs.create_club(owner=organizer, name="Club du mardi", time_zone=ZONE)
    members = [clubs.add_member(club=club, name=name) for name in NAMES[:20]]
    anne, luc, elise, marc = members[:4]
    night = clubs.create_night(club=club, owner=organizer, settings=tournaments.Settings(
        name="Soirée d'équipes", variant="politaine", format="swiss", target=21))
    tournament = night.tournament
    night_path = f"/clubs/{club.pk}/nights/{night.pk}/"

    # -- the organizer announces the night: next week at 19:00, sign-up open now, 8 pairs.
    day = timezone.localdate(timezone=ZoneInfo(ZONE)) + timedelta(days=7)
    starts_at = datetime.combine(day, time(19, 0), tzinfo=ZoneInfo(ZONE))
    organizer_page.goto(base + night_path + "signup/settings/")
    expect(organizer_page.locator("#night-when")).to_have_text("No start time yet.")
    assert axe_violations(organizer_page) == []
    organizer_page.fill("#id_starts_on", day.isoformat())
    organizer_page.fill("#id_starts_time", "19:00")
    organizer_page.check("#id_signup_0")
    organizer_page.fill("#id_cap", "8")
    shot(organizer_page, "week-1-night-settings-en-laptop", full_page=True)
    organizer_page.click("#night-settings-save")
    expect(organizer_page).to_have_url(base + night_path + "signups/")
    expect(organizer_page.locator("#signup-window")).to_contain_text("Sign-up open until: ")
    expect(organizer_page.locator("#signup-count")).to_have_text("0 of 8 pairs")
    tournament.refresh_from_db()
    assert tournament.starts_at == starts_at

    # -- three invitations, each made on the member's page and read from its link.
    links = {}
    for member in (anne, elise, marc):
        organizer_page.goto(base + f"/clubs/{club.pk}/roster/{member.pk}/")
        organizer_page.click("#invite")
        expect(organizer_page.locator("#invitation-qr svg")).to_be_visible()
        links[member.pk] = organizer_page.locator("#invitation-link").inner_text()
        assert links[member.pk].startswith(base + "/invitations/")
    shot(organizer_page, "week-2-invitation-en-laptop")

    # Luc, Anne's partner, was linked some other way (his account through the services).
    luc_page, luc_user = _phone_page(new_context, log_in, "luc")
    luc.account = luc_user
    luc.save(update_fields=["account"])

    # -- Anne, on her phone, accepts and signs up with Luc.
    anne_page, _anne_user = _phone_page(new_context, log_in, "anne")
    anne_page.goto(links[anne.pk])
    expect(anne_page.locator("#invitation-title")).to_have_text("Join Club du mardi")
    assert axe_violations(anne_page) == []
    assert too_wide(anne_page) == []
    shot(anne_page, "week-3-invitation-en-phone")
    anne_page.click("#accept-invitation")
    expect(anne_page).to_have_url(base + "/me/")
    expect(anne_page.locator(".flash.success")).to_contain_text(
        "Welcome: your account is linked to Anne Roy in Club du mardi.")
    expect(anne_page.locator(f"#night-{night.pk}")).to_contain_text("8 places left (pairs)")
    assert axe_violations(anne_page) == []
    assert too_wide(anne_page) == []
    shot(anne_page, "week-4-me-en-phone", full_page=True)
    anne_page.click(f"#signup-{night.pk}")
    expect(anne_page).to_have_url(base + night_path + "signup/")
    anne_page.select_option("#id_signup_partner", str(luc.pk))
    assert axe_violations(anne_page) == []
    assert too_wide(anne_page) == []
    anne_page.click("#signup-partner")
    expect(anne_page.locator("#sheet .status")).to_contain_text("Waiting for Luc")
    shot(anne_page, "week-5-signup-partner-en-phone", full_page=True)

    # Luc confirms from his page: the pair takes the first place.
    pair = Signup.objects.get(member=anne)
    luc_page.goto(base + "/me/")
    expect(luc_page.locator("section:has(#to-answer)")).to_contain_text(
        "Anne Roy asks you to be their partner.")
    luc_page.click(f"#confirm-{pair.pk}")
    expect(luc_page.locator(f"#night-{night.pk}")).to_contain_text("Signed up · with Anne Roy")

    # -- Élise (in French) and Marc accept and look for a partner.
    elise_page, _elise_user = _phone_page(new_context, log_in, "elise", locale="fr-CA")
    marc_page, _marc_user = _phone_page(new_context, log_in, "marc")
    for page, member in ((elise_page, elise), (marc_page, marc)):
        page.goto(links[member.pk])
        page.click("#accept-invitation")
        expect(page).to_have_url(base + "/me/")
        page.click(f"#night-{night.pk} h3 a")
        page.click("#signup-looking")
    expect(marc_page.locator(f"#ask-{elise.pk}")).to_have_text("Ask Élise Bouchard")
    expect(elise_page.locator("#sheet .status")).to_have_text(
        "Vous cherchez quelqu'un pour faire équipe.")
    assert axe_violations(elise_page) == []
    assert too_wide(elise_page) == []
    shot(elise_page, "week-6-signup-looking-fr-phone", full_page=True)

    # -- the other seven places, filled through the services: the night is full.
    for first, second in zip(members[4:18:2], members[5:18:2], strict=True):
        services.add_signup(night=night, member=first, partner=second, by=organizer)

    # -- the organizer pairs Élise and Marc at the desk: the pair waits, first in line.
    organizer_page.goto(base + night_path + "signups/")
    expect(organizer_page.locator("#signup-count")).to_have_text("8 of 8 pairs")
    looking = {s.member_id: s for s in Signup.objects.filter(state=Signup.State.LOOKING)}
    organizer_page.check(f"#looking-{looking[elise.pk].pk}")
    organizer_page.check(f"#looking-{looking[marc.pk].pk}")
    assert axe_violations(organizer_page) == []
    assert too_wide(organizer_page, PHONE, LAPTOP) == []
    organizer_page.click("#make-pair")
    settled(organizer_page)
    both = re.compile(r"(Élise Bouchard & Marc Gagnon|Marc Gagnon & Élise Bouchard)")
    expect(organizer_page.locator("#waiting li")).to_have_text([both])
    expect(organizer_page.locator("#signup-count")).to_have_text("8 of 8 pairs, 1 waiting")
    desk_pair = Signup.objects.get(state=Signup.State.WAITING)
    # A later pair waits behind them (its players signed up from elsewhere).
    later = []
    for member in members[18:20]:
        member.account = UserFactory(username=f"late{member.pk}")
        member.save(update_fields=["account"])
        later.append(member)
    late = services.sign_up(night=night, user=later[0].account, partner=later[1])
    services.confirm_partner(signup=late, user=later[1].account)
    shot(organizer_page, "week-7-signups-desk-en-laptop", full_page=True)

    # -- Anne withdraws her pair from her page: the first who waits gets the place.
    anne_page.reload()
    expect(anne_page.locator("#sheet .status").first).to_contain_text("You are signed up.")
    anne_page.click("#withdraw")
    anne_page.click("#withdraw-confirm")
    expect(anne_page).to_have_url(base + night_path + "signup/")
    expect(anne_page.locator(".flash.success")).to_have_text(
        "Withdrawn: your sign-up for Soirée d'équipes is taken back.")
    expect(anne_page.locator("#signup-partner")).to_be_visible()  # she may sign up again

    elise_page.goto(base + "/me/")
    standing = elise_page.locator(f"#night-{night.pk}")
    expect(standing).to_contain_text("Inscription confirmée")
    expect(standing).to_contain_text("Marc Gagnon")
    expect(elise_page.locator("section:has(#notices)")).to_contain_text("place")
    assert axe_violations(elise_page) == []
    assert too_wide(elise_page) == []
    shot(elise_page, "week-8-me-place-given-fr-phone", full_page=True)
    my_calendar = elise_page.locator("#my-calendar-address").input_value()

    organizer_page.reload()
    expect(organizer_page.locator(f"#signed-up #signup-{desk_pair.pk}")).to_have_text(both)
    expect(organizer_page.locator("#waiting li")).to_have_count(1)
    expect(organizer_page.locator(f"#waiting #signup-{late.pk}")).to_have_attribute(
        "value", "1")
    expect(organizer_page.locator("#signup-count")).to_have_text("8 of 8 pairs, 1 waiting")
    expect(organizer_page.locator(f"#withdrawn #signup-{pair.pk}")).to_contain_text(
        "Anne Roy & Luc Côté")

    # -- the calendars: the club's (public) and Élise's own, the night at 19:00 Halifax.
    event = _feed_event(organizer_page, base + f"/clubs/{club.pk}/calendar.ics",
                        f"night-{tournament.pk}@localhost")
    assert str(event["SUMMARY"]) == "Soirée d'équipes"
    assert event["DTSTART"].params["TZID"] == ZONE
    assert event.decoded("DTSTART") == starts_at
    assert event.decoded("DTSTART").utcoffset() == starts_at.utcoffset()
    assert str(event["STATUS"]) == "CONFIRMED"
    assert "Élise" not in str(event["DESCRIPTION"])  # the club's feed names nobody
    event = _feed_event(elise_page, my_calendar, f"signup-{tournament.pk}@localhost",
                        language="fr-CA")
    assert event.decoded("DTSTART") == starts_at
    assert event["DTSTART"].params["TZID"] == ZONE
    assert "Votre inscription est confirmée." in str(event["DESCRIPTION"])
    assert "Marc Gagnon" in str(event["DESCRIPTION"])

    # -- on the night: the organizer, at the door with a phone in French, puts the sign-ups
    # into the night (one team renamed) and opens check-in for players.
    door = new_context(viewport=PHONE, locale="fr-CA")
    door.add_cookies(organizer_page.context.cookies())
    door_page = door.new_page()
    door_page.goto(base + night_path + "signups/")
    door_page.click("#signups-enter")
    expect(door_page).to_have_url(base + night_path + "signups/enter/")
    name = door_page.locator(f"#id_name-{desk_pair.pk}")
    expect(name).to_have_value(re.compile(r"Bouchard.*Gagnon|Gagnon.*Bouchard"))
    expect(door_page.locator("#enter-form li")).to_have_count(8)
    assert axe_violations(door_page) == []
    assert too_wide(door_page) == []
    name.fill("Les Acadiens")
    shot(door_page, "week-9-enter-fr-phone", full_page=True)
    door_page.click("#enter-confirm")
    expect(door_page).to_have_url(base + night_path + "signups/")
    expect(door_page.locator(".flash.success")).to_contain_text("8")
    toggle = door_page.locator("#check-in-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(door_page.locator("#check-in-toggle")).to_have_attribute("aria-pressed", "true")
    assert too_wide(door_page) == []
    shot(door_page, "week-10-signups-entered-fr-phone", full_page=True)

    # Élise checks her pair in from her page.
    elise_page.goto(base + night_path + "signup/")
    elise_page.click("#check-in")
    expect(elise_page.locator("#sheet")).to_contain_text("Arrivée signalée : bienvenue !")
    shot(elise_page, "week-11-checked-in-fr-phone", full_page=True)

    # The door checks in the rest; the renamed team is there, checked in already.
    door_page.goto(base + f"/tournaments/{tournament.pk}/teams/")
    count = door_page.locator("#checked-in-count")
    expect(count).to_have_text("1 équipe présente sur 8.")
    expect(door_page.get_by_role("button", name="Présente (Les Acadiens)")).to_be_visible()
    door_page.get_by_role("button", name="Marquer toute la liste présente").click()
    expect(count).to_have_text("8 équipes présentes sur 8.")
    settled(door_page)
    assert too_wide(door_page) == []
    shot(door_page, "week-12-door-fr-phone", full_page=True)
    assert set(tournament.entries.values_list("checked_in", flat=True)) == {True}
    assert tournament.entries.filter(team__name="Les Acadiens").exists()
