"""Forms of the club's pages: they read what was typed; the services say what is refused."""

from dataclasses import replace

from django import forms
from django.conf import settings
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubs import roster_list, seasons
from clubs.models import DEFAULT_POINTS_TABLE, Attribution, PublicName
from clubs.public_names import hidden_choice_label
from clubs.roster_list import LIST_MAX
from clubs.services.roster import time_zones
from scoring import names
from scoring.forms import NameField, NewMatchForm
from scoring.models import MAX_ID


def time_zone_choices(current: str = "") -> list[tuple[str, str]]:
    """The time zones by region ("America/Montreal"), UTC and the club's own (whatever it
    is), in alphabetical order."""
    shown = {zone for zone in time_zones()
             if "/" in zone and not zone.startswith(("Etc/", "SystemV/", "posix/", "right/"))}
    shown |= {"UTC"} | ({current} if current in time_zones() else set())
    return [(zone, zone.replace("_", " ")) for zone in sorted(shown)]


class ClubForm(forms.Form):
    name = NameField(label=_("Name"), max_length=100)
    place = NameField(label=_("Place"), max_length=100, required=False)
    public = forms.BooleanField(
        label=_("Public"), required=False, initial=True,
        help_text=_("Anyone may read the club's ladder, seasons and player pages."))
    # Not sent (a form of an older page, a script): the club's own, or the site's.
    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial=settings.TIME_ZONE, required=False,
        help_text=_("The nights' start times and sign-up dates are shown and typed in it."),
        error_messages={"invalid_choice": _(
            "Choose the club's time zone from the list (America/Montreal, Europe/Paris…).")})

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices(
            self.initial.get("time_zone") or "")

    def clean_time_zone(self) -> str | None:
        return self.cleaned_data.get("time_zone") or None


class MemberForm(forms.Form):
    name = NameField(label=_("Name"), max_length=60)
    nickname = NameField(label=_("Nickname"), max_length=60, required=False)


class PublicNameForm(forms.Form):
    """How a member's name shows in public; empty: as the club chooses."""

    public_name = forms.ChoiceField(label=_("Name on the public pages"), required=False,
                                    widget=forms.RadioSelect)

    def __init__(self, *args, club_choice: str, number: int | None = None, **kwargs):
        """With the member's `number`, hidden reads as their own name ("Player 33")."""
        super().__init__(*args, **kwargs)
        labels = dict(PublicName.choices)
        if number is not None:
            labels[PublicName.HIDDEN] = hidden_choice_label(number)
        self.fields["public_name"].choices = [
            ("", _("As the club chooses (%(choice)s)") % {"choice": labels[club_choice]}),
            *labels.items()]


class ClubPublicNameForm(forms.Form):
    public_name = forms.ChoiceField(
        label=_("Players' names on the public pages"), choices=PublicName.choices,
        widget=forms.RadioSelect,
        help_text=_("For every player who has not chosen: the club page, player pages, "
                    "seasons, projectors, CSVs and the public API. The club's organizers "
                    "always see the names in full."))


class SplitForm(forms.Form):
    """A roster player who is two people: the second one's name, and the matches that are
    theirs (each typed name with all its matches: a club match, or a whole night)."""

    name = NameField(label=_("The second person's name"), max_length=60)
    players = forms.TypedMultipleChoiceField(
        label=_("Their matches"), coerce=int, widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose the matches the second person played.")})

    def __init__(self, *args, sittings, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [
            (s.player, _("%(night)s: %(count)s matches, from %(teams)s") % {
                "night": s.night, "count": s.matches, "teams": s.teams} if s.night else
             _("Club match of %(date)s: %(teams)s") % {
                 "date": date_format(s.first, "SHORT_DATE_FORMAT"), "teams": s.teams})
            for s in sittings]


class MergeForm(forms.Form):
    other = forms.TypedChoiceField(
        label=_("The same person as"), coerce=int,
        help_text=_("The other player's matches, statistics and names become this "
                    "player's; the other player leaves the roster."))

    def __init__(self, *args, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["other"].choices = [(m.pk, str(m)) for m in members]


class NightForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Tournament"), coerce=int)
    # Offered when the club has a season: the newest, ticked from the start.
    season = forms.BooleanField(required=False, initial=True)

    def __init__(self, *args, tournaments, season=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].choices = [(t.pk, str(t)) for t in tournaments]
        if season is None:
            del self.fields["season"]
        else:
            self.fields["season"].label = _("Count it in the season %(name)s") % {
                "name": season.name}


class SeasonForm(forms.Form):
    name = NameField(label=_("Name"), max_length=100)
    points_table = forms.CharField(
        label=_("Points by final rank"), max_length=400,
        initial=", ".join(map(str, DEFAULT_POINTS_TABLE)),
        help_text=_("Points for the 1st, 2nd, 3rd... team of a night, each of its players "
                    "scores them; lower places score nothing."))
    best_of = forms.IntegerField(
        label=_("Nights counted"), required=False, min_value=1, max_value=100,
        widget=forms.NumberInput(attrs={"placeholder": _("all")}),
        help_text=_("Only each player's best nights count; leave empty to count them all."))
    nights = forms.TypedMultipleChoiceField(label=_("Club nights"), coerce=int,
                                            required=False,
                                            widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, nights, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["nights"].choices = [(n.pk, str(n)) for n in nights]

    def table(self) -> list[int] | None:
        return seasons.parse_table(self.cleaned_data.get("points_table") or "")


class ClubMatchForm(NewMatchForm):
    """A new match of the club's: its four players, whose names the roster suggests as
    they are typed (a new name joins the roster)."""

    def __init__(self, *args, suggest_url: str, **kwargs):
        super().__init__(*args, **kwargs)
        for seat in ("seat_n", "seat_s", "seat_e", "seat_w"):
            field = self.fields[seat]
            field.required = True
            field.widget.attrs.update({
                "list": f"{seat}-players", "autocomplete": "off",
                "hx-get": suggest_url, "hx-trigger": "input delay:250ms, focus",
                "hx-target": f"#{seat}-players", "hx-swap": "outerHTML",
                "hx-vals": f'{{"list": "{seat}-players"}}',
            })
        for team in ("team_a_name", "team_b_name"):
            self.fields[team].widget.attrs["placeholder"] = _("Its players' names")

    def match_kwargs(self) -> dict:
        """A team left unnamed is called by its players: "Anne & Marc"."""
        kwargs = super().match_kwargs()
        for side, field in (("team_a", "team_a_name"), ("team_b", "team_b_name")):
            if not self.cleaned_data[field].strip():
                team = kwargs[side]
                kwargs[side] = replace(team, name=" & ".join(team.players) or team.name)
        return kwargs


class AttributionForm(forms.Form):
    """One tap of the attributions page: what, and who (empty: nobody)."""

    kind = forms.ChoiceField(choices=Attribution.Kind.choices)
    hand_number = forms.IntegerField(min_value=0, max_value=10000)
    slot = forms.IntegerField(min_value=0, max_value=1000)
    team = forms.ChoiceField(choices=[("a", "a"), ("b", "b")])
    member = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class RosterListForm(forms.Form):
    """A roster pasted, one name per line: read (clubs.roster_list) before it is saved."""

    names = forms.CharField(
        label=_("Names, one per line"), max_length=LIST_MAX * 150,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Ginette Lavoie\nRéal Boucher"}),
        help_text=_("A column copied from a spreadsheet works too. You will see what each "
                    "line does before anything is saved."))

    def clean_names(self) -> str:
        text = self.cleaned_data["names"]
        if len(roster_list.lines_of(text)) > LIST_MAX:
            raise forms.ValidationError(_("Paste at most %(max)s names at once."),
                                        params={"max": LIST_MAX})
        return text


class TonightForm(forms.Form):
    """A new club night's players from the roster: who is here tonight (checked), and the
    season it counts in."""

    here = forms.TypedMultipleChoiceField(label=_("Who is here tonight"), coerce=int,
                                          required=False,
                                          widget=forms.CheckboxSelectMultiple)
    # Offered when the club has a season: the newest, ticked from the start.
    season = forms.BooleanField(required=False, initial=True)

    def __init__(self, *args, members, season=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.members = {member.pk: member for member in members}
        self.fields["here"].choices = [(member.pk, names.shown(member.name))
                                       for member in members]
        if season is None:
            del self.fields["season"]
        else:
            self.fields["season"].label = _("Count it in the season %(name)s") % {
                "name": season.name}

    def names_here(self) -> list[str]:
        """The names of the players checked, in the roster's order."""
        checked = set(self.cleaned_data["here"])
        return [member.name for pk, member in self.members.items() if pk in checked]
