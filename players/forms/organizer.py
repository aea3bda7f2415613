"""Forms of the organizer's pages of the player's door: they read what was typed (dates and
times in the club's time zone); the services say what is refused."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.services import SheetSettings
from players.services.signups import MAX_CAP
from scoring.forms import NameField

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
TEAM_NAME_MAX = 60  # tournaments.forms.TeamForm's
# The years a date may name (the API's too): any club's calendar, and far from the ends
# of what a datetime holds (9999-12-31 at night, moved to UTC, would overflow).
YEARS = (2000, 2100)


def _date(label, help_text=""):
    return forms.DateField(label=label, required=False, widget=DATE, help_text=help_text,
                           input_formats=["%Y-%m-%d"])


def _time(label):
    return forms.TimeField(label=label, required=False, widget=TIME,
                           input_formats=["%H:%M", "%H:%M:%S"])


def local(moment: datetime | None, zone: ZoneInfo) -> tuple[date | None, time | None]:
    """A moment as the club's clock reads it: its date and its time to the minute."""
    if moment is None:
        return None, None
    moment = timezone.localtime(moment, zone)
    return moment.date(), moment.time().replace(second=0, microsecond=0)


class NightSettingsForm(forms.Form):
    """When the night starts, and its sign-up: when it opens and closes, its places; or no
    sign-up. Dates and times in the club's time zone."""

    starts_on = _date(_("Date of the night"))
    starts_time = _time(_("Start time"))
    signup = forms.ChoiceField(
        label=_("Sign-up"), widget=forms.RadioSelect, initial="none",
        choices=[("open", _("Players sign up from the club's page")),
                 ("none", _("No sign-up"))])
    opens_on = _date(_("Sign-up opens on"), _("Empty: open now."))
    opens_time = _time(_("Opening time"))
    closes_on = _date(_("Sign-up closes on"), _("Empty: when the night starts."))
    closes_time = _time(_("Closing time"))
    cap = forms.IntegerField(
        label=_("Places"), required=False, min_value=1, max_value=MAX_CAP,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}))

    PAIRS = (("starts_on", "starts_time", "starts_at"), ("opens_on", "opens_time", "opens_at"),
             ("closes_on", "closes_time", "closes_at"))

    def __init__(self, *args, zone: ZoneInfo, unit: str, tournament=None, sheet=None,
                 **kwargs):
        self.zone = zone
        initial = kwargs.setdefault("initial", {})
        if tournament is not None:
            initial["starts_on"], initial["starts_time"] = local(tournament.starts_at, zone)
        if sheet is not None:
            initial["signup"] = "open"
            initial["opens_on"], initial["opens_time"] = local(sheet.opens_at, zone)
            if sheet.closes_at is not None:
                initial["closes_on"], initial["closes_time"] = local(sheet.closes_at, zone)
            initial["cap"] = sheet.cap
        super().__init__(*args, **kwargs)
        cap = self.fields["cap"]
        words = _("Places: a number from 1 to %(max)s, or none for no cap.") % {
            "max": MAX_CAP}
        cap.error_messages.update({"min_value": words, "max_value": words, "invalid": words})
        cap.label = _("Places (players)") if unit == "player" else _("Places (pairs)")
        cap.help_text = _("Empty: no limit. Past it, sign-ups wait in line, in order.")

    def clean(self):
        data = super().clean()
        for day_field, time_field, name in self.PAIRS:
            day, clock = data.get(day_field), data.get(time_field)
            if day_field in self.errors or time_field in self.errors:
                continue
            if (day is None) != (clock is None):
                self.add_error(day_field if day is None else time_field,
                               _("Give the date and the time, or neither."))
                continue
            data[name] = self._moment(day, clock, day_field) if day else None
        return data

    def _moment(self, day: date, clock: time, field: str) -> datetime | None:
        if not YEARS[0] <= day.year <= YEARS[1]:
            self.add_error(field, _("Give a date between the years %(first)s and %(last)s.")
                           % {"first": YEARS[0], "last": YEARS[1]})
            return None
        naive = datetime.combine(day, clock)
        aware = naive.replace(tzinfo=self.zone)
        if aware.astimezone(UTC).astimezone(self.zone).replace(tzinfo=None) != naive:
            self.add_error(field, _(
                "%(time)s does not exist on that day in %(zone)s (the clocks move "
                "forward): choose another time.") % {
                    "time": clock.strftime("%H:%M"), "zone": self.zone.key})
            return None
        return aware

    def sheet_settings(self) -> SheetSettings | None:
        """The sign-up as typed, None for no sign-up."""
        data = self.cleaned_data
        if data["signup"] != "open":
            return None
        return SheetSettings(opens_at=data.get("opens_at"), closes_at=data.get("closes_at"),
                             cap=data.get("cap"))


def _members(members, names) -> list[tuple[int, str]]:
    return [(member.pk, names.of(member)) for member in members]


class AddSignupForm(forms.Form):
    """Someone from the roster, alone (an individual night) or with a partner."""

    member = forms.TypedChoiceField(label=_("Player"), coerce=int)
    partner = forms.TypedChoiceField(label=_("Partner"), coerce=int)

    def __init__(self, *args, members, names, unit: str, **kwargs):
        super().__init__(*args, prefix="add", **kwargs)
        choices = [("", "—"), *_members(members, names)]
        self.fields["member"].choices = choices
        self.fields["member"].error_messages["required"] = _("Choose a player of the roster.")
        self.fields["member"].error_messages["invalid_choice"] = _(
            "Choose a player of the roster who is not signed up yet.")
        if unit == "player":
            del self.fields["partner"]
        else:
            self.fields["member"].label = _("First player")
            self.fields["partner"].choices = choices
            self.fields["partner"].error_messages["required"] = _(
                "A team night takes pairs: choose the partner too.")
            self.fields["partner"].error_messages["invalid_choice"] = _(
                "Choose a player of the roster who is not signed up yet.")

    def clean(self):
        data = super().clean()
        if data.get("member") and data.get("member") == data.get("partner"):
            self.add_error("partner", _("Choose two different players."))
        return data


class PairForm(forms.Form):
    """The partnership desk: two players looking for a partner made a pair."""

    looking = forms.TypedMultipleChoiceField(
        label=_("Looking for a partner"), coerce=int, widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Pick two players looking for a partner."),
                        "invalid_choice": _("Pick two players looking for a partner.")})

    def __init__(self, *args, looking, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["looking"].choices = [(signup.pk, names.of(signup.member))
                                          for signup in looking]

    def clean_looking(self):
        chosen = self.cleaned_data["looking"]
        if len(set(chosen)) != 2:
            raise forms.ValidationError(_("Pick two players looking for a partner."))
        return chosen


class EnterForm(forms.Form):
    """The sign-ups in, not yet entered: each pair's team name, editable (an individual
    night's players keep their names)."""

    def __init__(self, *args, signups, proposed: dict[int, str], pairs: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.signups = signups
        if not pairs:
            return
        for signup in signups:
            self.fields[f"name-{signup.pk}"] = NameField(
                label=_("Team name"), max_length=TEAM_NAME_MAX, required=False,
                initial=proposed[signup.pk])

    def names(self) -> dict[int, str]:
        return {int(key.removeprefix("name-")): value
                for key, value in self.cleaned_data.items() if value}

    def rows(self):
        """Each sign-up with its name's field (None on an individual night)."""
        return [(signup, self[f"name-{signup.pk}"] if f"name-{signup.pk}" in self.fields
                 else None) for signup in self.signups]


class InviteForm(forms.Form):
    email = forms.EmailField(
        label=_("Their email (optional)"), required=False, max_length=254,
        help_text=_("The link and its QR code are shown here in any case, to hand over."))
