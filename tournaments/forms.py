"""Forms of the organizer's pages. Rules of the game come from scoring.rules, of the formats
from tournaments.services; the forms only read what was typed."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import names, rules
from scoring.forms import NameField
from scoring.models import VARIANT_CHOICES, ConfirmationMode
from scoring.services import NewTeam
from tournaments import metrics
from tournaments.models import (
    MAX_INDIVIDUAL_ROUNDS,
    MAX_SWISS_ROUNDS,
    FirstRound,
    Format,
    MissedRounds,
    SitOut,
)
from tournaments.services import Settings
from tournaments.words import translate


def _tiebreak_choices():
    return [("", _("Usual order")), *((key, translate(metrics.METRICS[key].label))
                                      for key in metrics.TIEBREAKS)]


class TournamentForm(forms.Form):
    name = NameField(label=_("Name"), max_length=100)
    date = forms.DateField(label=_("Date"), required=False,
                           # A date input takes ISO dates only, whatever the language: a
                           # French 24/11/2026 was thrown away, and saving emptied the date.
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    place = NameField(label=_("Place"), max_length=100, required=False)
    variant = forms.ChoiceField(label=_("Game"), choices=VARIANT_CHOICES,
                                initial=rules.Variant.POLITAINE)
    target = forms.IntegerField(
        label=_("Target"), required=False,
        help_text=_("Leave empty for the game's usual target (31, 33, 200 or 7)."),
    )
    format = forms.ChoiceField(label=_("Format"), choices=Format.choices,
                               initial=Format.SWISS, widget=forms.RadioSelect)
    swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"), required=False, min_value=1, max_value=MAX_SWISS_ROUNDS,
        widget=forms.NumberInput(attrs={"placeholder": _("automatic")}),
        help_text=_("Leave empty for what suits the field, fixed at the first draw: 3 rounds "
                    "for up to 8 teams, 4 for up to 16, 5 for up to 32, 6 for up to 64."),
    )
    swiss_first_round = forms.ChoiceField(
        label=_("First Swiss round"), choices=FirstRound.choices, initial=FirstRound.BY_SEED,
        required=False,
        widget=forms.RadioSelect,
    )
    missed_rounds = forms.ChoiceField(
        label=_("A team that arrives late joins the next Swiss round; the rounds it missed "
                "count as"), choices=MissedRounds.choices, initial=MissedRounds.LOSS,
        required=False, widget=forms.RadioSelect,
    )
    knockout_size = forms.IntegerField(
        label=_("Teams in the knockout"), required=False, min_value=2,
        help_text=_("For a Swiss then a knockout: the top teams that go on (4, 8, 16...). "
                    "The top 4 when left blank."),
    )
    individual_rounds = forms.IntegerField(
        label=_("Rounds"), required=False, min_value=1, max_value=MAX_INDIVIDUAL_ROUNDS,
        widget=forms.NumberInput(attrs={"placeholder": _("automatic")}),
        help_text=_("Leave empty for what suits the field, fixed at the first draw: enough "
                    "rounds for everyone to partner everyone once, at most 7."),
    )
    sit_out = forms.ChoiceField(
        label=_("When there are not four to a table, the players left over sit the round "
                "out; a round sat out scores"), choices=SitOut.choices, initial=SitOut.NONE,
        required=False, widget=forms.RadioSelect,
    )
    sit_out_points = forms.IntegerField(
        label=_("Points for a round sat out"), required=False, min_value=0, max_value=500,
        help_text=_("With “a fixed number of points”: counted as points for, not as a win."),
    )
    round_minutes = forms.IntegerField(
        label=_("Round length (minutes)"), required=False, min_value=1, max_value=600,
        help_text=_("Optional. When time is called, each match ends after the hand being "
                    "played."),
    )
    public = forms.BooleanField(
        label=_("Public: anyone may follow the standings and the draw"), required=False,
        initial=True,
    )
    confirmation = forms.ChoiceField(
        label=_("Confirmation by the opponents"), choices=ConfirmationMode.choices,
        initial=ConfirmationMode.RESULT, widget=forms.RadioSelect, required=False,
        help_text=_("What the team that is not keeping score confirms, from the opponents' "
                    "link on its table card. A change applies from the next round drawn."),
    )
    tiebreak_1 = forms.ChoiceField(label=_("First tie-break"), required=False,
                                   choices=_tiebreak_choices)
    tiebreak_2 = forms.ChoiceField(label=_("Second tie-break"), required=False,
                                   choices=_tiebreak_choices)
    tiebreak_3 = forms.ChoiceField(label=_("Third tie-break"), required=False,
                                   choices=_tiebreak_choices)

    @classmethod
    def initial_from(cls, tournament) -> dict:
        initial = {name: getattr(tournament, name) for name in (
            "name", "date", "place", "variant", "target", "format", "swiss_rounds",
            "swiss_first_round", "missed_rounds", "individual_rounds", "sit_out",
            "sit_out_points", "knockout_size", "round_minutes", "public", "confirmation")}
        for i, tiebreak in enumerate(tournament.tiebreaks or [], start=1):
            initial[f"tiebreak_{i}"] = tiebreak
        return initial

    def settings(self) -> Settings:
        data = self.cleaned_data
        tiebreaks = [data.get(f"tiebreak_{i}") for i in (1, 2, 3)]
        tiebreaks = [] if not any(tiebreaks) else tiebreaks
        return Settings(
            name=data["name"], variant=data["variant"], format=data["format"],
            target=data.get("target"), swiss_rounds=data.get("swiss_rounds"),
            swiss_first_round=data.get("swiss_first_round") or FirstRound.BY_SEED,
            knockout_size=data.get("knockout_size"), public=data.get("public", False),
            date=data.get("date"), place=data.get("place") or "",
            round_minutes=data.get("round_minutes"), tiebreaks=tiebreaks,
            confirmation=data.get("confirmation") or ConfirmationMode.RESULT,
            missed_rounds=data.get("missed_rounds") or MissedRounds.LOSS,
            individual_rounds=data.get("individual_rounds"),
            sit_out=data.get("sit_out") or SitOut.NONE,
            sit_out_points=data.get("sit_out_points") or 0,
        )


def offer_players(form, players_url: str | None) -> None:
    """With `players_url` (tournaments.suggestions), each of the form's PLAYERS fields is
    offered the names it answers as they are typed (a <datalist> per field, swapped in by
    htmx)."""
    form.players_url = players_url
    for name in form.PLAYERS if players_url else ():
        form.fields[name].widget.attrs.update({
            "list": f"{name}-players", "autocomplete": "off",
            "hx-get": players_url, "hx-trigger": "input delay:250ms, focus",
            "hx-target": f"#{name}-players", "hx-swap": "outerHTML",
            "hx-vals": f'{{"list": "{name}-players"}}',
        })


class TeamForm(forms.Form):
    name = NameField(label=_("Team name"), max_length=60)
    first_player = NameField(label=_("First player"), max_length=60, required=False)
    second_player = NameField(label=_("Second player"), max_length=60, required=False)
    PLAYERS = ("first_player", "second_player")

    def __init__(self, *args, players_url: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        offer_players(self, players_url)

    def team(self) -> NewTeam:
        players = tuple(p for p in (self.cleaned_data["first_player"].strip(),
                                    self.cleaned_data["second_player"].strip()) if p)
        return NewTeam(self.cleaned_data["name"], players)


class TeamListForm(forms.Form):
    teams = forms.CharField(
        label=_("Paste a list of teams"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Les Bleus; Anne; Marc"}),
        help_text=_("One team per line: its name and its two players, separated by "
                    "semicolons, commas or tabs (a spreadsheet's columns). In seed order. "
                    "For an individual night: one player per line."),
    )

    def before_the_format(self) -> "TeamListForm":
        """The list on the new tournament's page: optional (teams may come later), and
        without an example, which is a team's or a player's by the format chosen there (the
        page words it both ways)."""
        field = self.fields["teams"]
        field.required = False
        field.widget.attrs.pop("placeholder")
        return self

    def individual(self) -> "TeamListForm":
        """The list of an individual night: players, one per line."""
        field = self.fields["teams"]
        field.label = _("Paste a list of players")
        field.help_text = _("One player per line, in seed order.")
        field.widget.attrs["placeholder"] = "Anne Tremblay"
        return self


class PlayerForm(forms.Form):
    """A player of an individual night, added by name."""

    player = NameField(label=_("Player's name"), max_length=60)
    PLAYERS = ("player",)

    def __init__(self, *args, players_url: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        offer_players(self, players_url)

    def team(self) -> NewTeam:
        return NewTeam(self.cleaned_data["player"])


class PartnersByLotForm(forms.Form):
    players = forms.CharField(
        label=_("Players here tonight"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Anne Tremblay\nMarc Gagnon"}),
        help_text=_("One per line. They are paired at random, each pair a team named after its "
                    "two players; the teams can then be changed like any other."),
    )


class OrganizerForm(forms.Form):
    username = forms.CharField(label=_("User name of a co-organizer"), max_length=150)


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_("Team"), coerce=int)
    second = forms.TypedChoiceField(label=_("swaps places with"), coerce=int)

    def __init__(self, *args, entries=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(entry.pk, names.shown(entry.team.name)) for entry in entries]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


class PaperResultForm(forms.Form):
    """A table's final result from its paper score sheet: the totals and how it ended."""

    score_a = forms.IntegerField(min_value=0, max_value=99_999)
    score_b = forms.IntegerField(min_value=0, max_value=99_999)
    ended = forms.ChoiceField(label=_("How the match ended"), widget=forms.RadioSelect)

    def __init__(self, *args, names: tuple[str, str], quadrette: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["score_a"].label = _("Total of %(team)s") % {"team": names[0]}
        self.fields["score_b"].label = _("Total of %(team)s") % {"team": names[1]}
        choices = [(rules.FinishReason.TARGET.value, _("A team reached the target")),
                   (rules.FinishReason.TIME.value, _("Time was called: the leader wins"))]
        if not quadrette:
            choices += [(f"four_sevens_{code}", _("Four sevens, dealt to %(team)s") % {
                "team": name}) for code, name in zip("ab", names, strict=True)]
        self.fields["ended"].choices = choices

    @staticmethod
    def initial_for(match) -> dict:
        """A result from paper, shown again to correct it."""
        if not match.from_paper:
            return {"ended": rules.FinishReason.TARGET.value}
        ended = match.finish_reason
        if ended == rules.FinishReason.FOUR_SEVENS:
            ended = f"four_sevens_{match.winner}"
        return {"score_a": match.score_a, "score_b": match.score_b, "ended": ended}

    def result(self) -> dict:
        """The keyword arguments of scoring.paper.enter_paper_result."""
        ended = self.cleaned_data["ended"]
        team = None
        if ended.startswith("four_sevens_"):
            ended, team = rules.FinishReason.FOUR_SEVENS.value, ended[-1]
        return {"score_a": self.cleaned_data["score_a"], "score_b": self.cleaned_data["score_b"],
                "finish_reason": ended, "four_sevens_team": team}
