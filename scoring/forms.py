"""Forms of the score keeper's pages.

Fields only turn text into numbers; every rule about a hand comes from scoring.rules, whose
refusals are shown beside the field (or the pair of fields) they are about.
"""

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring import display, names, rules
from scoring.errors import render
from scoring.models import SEAT_CHOICES, VARIANT_CHOICES
from scoring.services import NewTeam

RANDOM_DEALER = "random"
POLITAINE_CHOICES = [(0, "0"), (1, "1"), (2, "2")]


class NameField(forms.CharField):
    """A name of a team, a player, a tournament or a place, normalised as it will be stored
    (scoring.names); invisible characters are refused beside the field."""

    def clean(self, value):
        value = super().clean(value)
        if names.has_invisible(value):
            raise ValidationError(_(names.INVISIBLE_MESSAGE), code="name_invisible")
        # Control characters are the services' to refuse, as they were typed.
        return value if names.has_control(value) else names.normalise(value)


def _number(most: int, label="") -> forms.IntegerField:
    """A share of a hand, drawn by the page's template (its `max` shown, not enforced: the
    rules say what is wrong with a hand)."""
    return forms.IntegerField(label=label, required=False,
                              widget=forms.NumberInput(attrs={"max": most}))


class NewMatchForm(forms.Form):
    variant = forms.ChoiceField(label=_("Game"), choices=VARIANT_CHOICES,
                                initial=rules.Variant.POLITAINE, widget=forms.RadioSelect)
    target = forms.IntegerField(
        label=_("Target"), required=False,
        help_text=_("Leave empty for the game's usual target (31, 33, 200 or 7)."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    # The usual target the page filled in: left as it was, it follows the game chosen (a
    # keeper without JavaScript who picks another game gets that game's usual target).
    usual_target = forms.IntegerField(required=False, widget=forms.HiddenInput)
    team_a_name = NameField(label=_("Team A (North and South)"), max_length=60,
                            required=False,
                            widget=forms.TextInput(attrs={"placeholder": _("Us")}))
    team_b_name = NameField(label=_("Team B (East and West)"), max_length=60,
                            required=False,
                            widget=forms.TextInput(attrs={"placeholder": _("Them")}))
    seat_n = NameField(label=_("North"), max_length=60, required=False)
    seat_s = NameField(label=_("South"), max_length=60, required=False)
    seat_e = NameField(label=_("East"), max_length=60, required=False)
    seat_w = NameField(label=_("West"), max_length=60, required=False)
    first_dealer = forms.ChoiceField(
        label=_("First dealer"),
        choices=[(RANDOM_DEALER, _("Draw at random")), *SEAT_CHOICES],
        initial=RANDOM_DEALER,
        widget=forms.RadioSelect,
        help_text=_("Whoever draws the highest card deals first; or let the app draw."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        variant = self.data.get("variant") or self.initial.get("variant") or (
            self.fields["variant"].initial)
        if rules.is_variant(variant):
            usual = rules.variant_rules(variant).default_target
            self.fields["target"].widget.attrs["placeholder"] = str(usual)
            if not self.is_bound:
                self.initial.setdefault("target", usual)
                self.initial.setdefault("usual_target", usual)

    def clean(self):
        data = super().clean()
        if data.get("target") is not None and data.get("target") == data.get("usual_target"):
            data["target"] = None  # the usual target of the game chosen
        variant = data.get("variant")
        if variant and data.get("target") is not None:
            for violation in rules.validate_target(variant, data["target"]):
                self.add_error("target", render(violation))
        for seats in (("seat_n", "seat_s"), ("seat_e", "seat_w")):
            typed = [data.get(seat, "").strip() for seat in seats]
            if any(typed) and not all(typed):
                self.add_error(
                    seats[1] if typed[0] else seats[0],
                    _("Name both players of a team, or neither."),
                )
        return data

    def match_kwargs(self) -> dict:
        """Arguments for services.create_match."""
        data = self.cleaned_data
        first_dealer = data["first_dealer"]
        if first_dealer == RANDOM_DEALER:
            first_dealer = secrets.choice(rules.SEATS)
        return {
            "variant": data["variant"],
            "target": data.get("target"),
            "first_dealer": first_dealer,
            "team_a": NewTeam(
                data["team_a_name"].strip() or str(_("Us")),
                tuple(p for p in (data["seat_n"].strip(), data["seat_s"].strip()) if p),
            ),
            "team_b": NewTeam(
                data["team_b_name"].strip() or str(_("Them")),
                tuple(p for p in (data["seat_e"].strip(), data["seat_w"].strip()) if p),
            ),
        }


@dataclass(frozen=True)
class LiveCheck:
    """Where a hand form's inputs send what is typed (the entry's check, or a correction's),
    and the element the answer goes into."""

    url: str
    feedback_id: str

    @property
    def trigger(self) -> str:
        """htmx's trigger: what is typed is checked once the keeper pauses."""
        return f"input delay:{settings.LIVE_CHECK_DELAY_MS}ms"


class HandForm(forms.Form):
    """One hand of a match: card points (or counted cards) and politaines, or tricks.

    `slots` maps each input, and each pair of inputs, to the messages shown beside it. With
    a `live_check`, every input posts to it as the keeper types (htmx attributes on the
    widgets).
    """

    # Its number, and which of a pair the app filled in for the keeper, so it may fill it
    # again.
    number = forms.IntegerField(widget=forms.HiddenInput)
    filled = forms.CharField(required=False, widget=forms.HiddenInput)
    # A correction may turn a hand into four sevens, or back (La Politaine's family only).
    kind = forms.ChoiceField(required=False, widget=forms.RadioSelect, initial="played")
    # La Quadrette: tricks, labelled by team (the fieldset's legend says what is counted).
    tricks_a = _number(rules.PAIR_TOTALS["tricks"])
    tricks_b = _number(rules.PAIR_TOTALS["tricks"])
    # La Politaine's family: card points, politaines, and the cards counted instead.
    points_a = _number(rules.PAIR_TOTALS["points"])
    points_b = _number(rules.PAIR_TOTALS["points"])
    politaines_a = forms.TypedChoiceField(choices=POLITAINE_CHOICES, coerce=int, required=False,
                                          initial=0, empty_value=0, widget=forms.RadioSelect)
    politaines_b = forms.TypedChoiceField(choices=POLITAINE_CHOICES, coerce=int, required=False,
                                          initial=0, empty_value=0, widget=forms.RadioSelect)
    aces_a = _number(rules.PAIR_TOTALS["aces"], _("Aces"))
    counters_a = _number(rules.PAIR_TOTALS["counters"], _("Counters (10, 9, K, Q, J)"))
    aces_b = _number(rules.PAIR_TOTALS["aces"], _("Aces"))
    counters_b = _number(rules.PAIR_TOTALS["counters"], _("Counters (10, 9, K, Q, J)"))
    last_trick = forms.ChoiceField(label=_("Last trick (the steck)"), required=False,
                                   widget=forms.RadioSelect)
    # Drawn at the table before hand 1: saved with it (or at once, with htmx).
    first_dealer = forms.ChoiceField(
        label=_("Who deals first? (Draw a card each: the highest deals.)"), required=False,
        widget=forms.RadioSelect)

    QUADRETTE_ONLY = ("tricks_a", "tricks_b")
    POLITAINE_ONLY = ("kind", "points_a", "points_b", "politaines_a", "politaines_b", "aces_a",
                      "counters_a", "aces_b", "counters_b", "last_trick")

    def __init__(self, data=None, *args, match, correcting=False, first_hand=False,
                 live_check: LiveCheck | None = None, first_dealer_url: str | None = None,
                 **kwargs):
        # Input ids carry the hand's number, so that a late answer to the live check of
        # one hand never lands in the form of the next.
        kwargs.setdefault("auto_id", "edit-%s" if correcting else self.ids_for(
            data if data is not None else kwargs.get("initial") or {}))
        super().__init__(data, *args, **kwargs)
        self.match = match
        self.correcting = correcting
        self.rules_hand: rules.Hand | None = None
        self.preview: rules.Pair | None = None
        self.pair_errors: dict[str, list[str]] = {}
        self.violation_codes: set[str] = set()
        name_a, name_b = match.team_name("a"), match.team_name("b")
        if match.is_quadrette:
            for name in self.POLITAINE_ONLY:
                del self.fields[name]
        else:
            for name in self.QUADRETTE_ONLY:
                del self.fields[name]
            self.fields["last_trick"].choices = [("a", name_a), ("b", name_b)]
            if correcting:
                self.fields["kind"].choices = [
                    ("played", _("Played")),
                    ("four_sevens_a", _("Four sevens: %(team)s") % {"team": name_a}),
                    ("four_sevens_b", _("Four sevens: %(team)s") % {"team": name_b}),
                ]
        for name, team_name in self._labelled_by_team(name_a, name_b):
            self.fields[name].label = team_name
        if not correcting:
            self.fields.pop("kind", None)
        if first_hand and not correcting:
            field = self.fields["first_dealer"]
            field.initial = match.first_dealer
            field.choices = [(seat, display.seat_label(match, seat)) for seat in rules.SEATS]
        else:
            self.fields.pop("first_dealer", None)
        # What the page's template wires the inputs to: the live check of what is typed, and
        # the first dealer's own post.
        self.live_check = live_check
        self.first_dealer_url = first_dealer_url

    def _labelled_by_team(self, name_a: str, name_b: str):
        """The team's inputs labelled with its name (the fieldsets say what is counted)."""
        for quantity in ("tricks", "points", "politaines"):
            for team, name in (("a", name_a), ("b", name_b)):
                if f"{quantity}_{team}" in self.fields:
                    yield f"{quantity}_{team}", name

    @staticmethod
    def ids_for(source) -> str:
        """The ids of the entry form of the hand numbered in `source` (data or initial)."""
        number = "".join(c for c in str(source.get("number", "")) if c.isdigit())[:5]
        return f"hand{number}-%s"

    # What the keeper types or ticks for a hand (not the hidden bookkeeping).
    TYPED = ("points", "tricks", "aces", "counters")
    TICKED_BY_DEFAULT = {"politaines_a": "0", "politaines_b": "0", "kind": "played"}

    @classmethod
    def is_blank(cls, data) -> bool:
        """Nothing typed or ticked yet: the form of a phone where nobody is entering a hand."""
        for name, value in data.items():
            quantity = name.rsplit("_", 1)[0]
            if quantity in cls.TYPED and value not in ("", None):
                return False
            if name in ("last_trick",) and value:
                return False
            if name in cls.TICKED_BY_DEFAULT and value not in ("", cls.TICKED_BY_DEFAULT[name]):
                return False
        return True

    @staticmethod
    def initial_for_correction(initial: dict) -> dict:
        """A stored hand to correct: its shares count as the app's, so that typing one
        team's share fills in the other's, as in the entry form."""
        shares = sorted(name for name, value in initial.items()
                        if value is not None and name.rsplit("_", 1)[0] in HandForm.TYPED)
        return {**initial, "filled": ",".join(shares)}

    def preview_points(self) -> rules.Pair:
        """The card points of the valid hand (as counted, when the cards were counted)."""
        return self.rules_hand.card_points()

    @property
    def key(self) -> str:
        """The prefix of this form's element ids."""
        return self.auto_id % ""

    @property
    def entry_number(self) -> int | None:
        """The number of the hand this form enters, as sent or as drawn."""
        try:
            return int(self["number"].value())
        except (TypeError, ValueError):
            return None

    @staticmethod
    def filled_by_app(data) -> set[str]:
        return set(filter(None, (data.get("filled") or "").split(",")))

    @property
    def has_count(self) -> bool:
        """The keeper used the counting helper: the points follow from the cards."""
        # The steck alone is no count: a radio button cannot be unticked by the keeper.
        return any(
            self.data.get(f"{quantity}_{team}") not in (None, "")
            for quantity in ("aces", "counters")
            for team in "ab"
        )

    def build_hand(self, data) -> rules.Hand:
        """The hand as the rules see it, from cleaned data (said as the API says it)."""
        kind = data.get("kind") or "played"
        if kind.startswith("four_sevens_"):
            return rules.Hand.from_input(four_sevens=kind.removeprefix("four_sevens_"))

        def pair(quantity):
            return {team: data.get(f"{quantity}_{team}") for team in "ab"}

        if self.match.is_quadrette:
            return rules.Hand.from_input(tricks=pair("tricks"))
        count = None
        if self.has_count:
            last = data.get("last_trick")
            count = {team: {"aces": data.get(f"aces_{team}"),
                            "counters": data.get(f"counters_{team}"),
                            "last_trick": last == team} for team in "ab"}
        points = pair("points")
        if points == {"a": None, "b": None} or (
                count is not None and {"points_a", "points_b"} <= self.filled_by_app(data)):
            points = None  # none typed, or the app wrote them from an earlier count
        politaines = {team: data.get(f"politaines_{team}") or 0 for team in "ab"}
        return rules.Hand.from_input(points=points, politaines=politaines, count=count)

    def clean(self):
        data = super().clean()
        if self.errors:  # text that is not a number: the rules cannot judge it yet
            return data
        hand = self.build_hand(data)
        problems = rules.validate_hand(self.match.variant, hand)
        self.violation_codes = {violation.code for violation in problems}
        for violation in problems:
            message = render(violation, self.match.team_name)
            if violation.field in self.fields:
                self.add_error(violation.field, message)
            else:
                slot = violation.field if violation.field in self.slot_names else "hand"
                self.pair_errors.setdefault(slot, []).append(message)
                self.add_error(None, message)
        if not problems:
            self.rules_hand = hand
            self.preview = rules.hand_points(self.match.variant, hand)
        return data

    @property
    def slot_names(self) -> list[str]:
        """The places on this form where a message can show."""
        pairs = ("tricks",) if self.match.is_quadrette else (
            "points", "politaines", "aces", "counters")
        return ["hand", *pairs, *(name for name in self.fields if name != "filled")]

    @cached_property
    def invalid_fields(self) -> set[str]:
        """Inputs to mark invalid: those with a message, and both of a pair with one."""
        invalid = {name for name in self.fields if self.errors.get(name)}
        for pair in self.pair_errors:
            invalid |= {f"{pair}_a", f"{pair}_b"} & set(self.fields)
        return invalid

    @property
    def count_teams(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        """The counting helper's inputs by team: (team name, aces, counters)."""
        return [(self.match.team_name(team), self[f"aces_{team}"], self[f"counters_{team}"])
                for team in "ab"]

    def slots(self) -> dict[str, list[str]]:
        """Every message, by the input or pair of inputs it belongs beside."""
        slots = {name: list(self.errors.get(name, [])) for name in self.slot_names}
        for name, messages in self.pair_errors.items():
            slots[name] = messages
        return slots


def _share_of(data, field):
    try:
        value = int(data.get(field, ""))
    except (TypeError, ValueError):
        return None
    return rules.other_share(field.rsplit("_", 1)[0], value)


def autofill(data, typed: Iterable[str]):
    """As the keeper types one team's share of a pair, fill in the other team's (11 - x
    points, 6 - x tricks, 4 - x aces, 20 - x counters), unless the keeper typed that one too.

    `typed`: the inputs the keeper typed in that the check knows of: the one that sent it,
    and, in the check sent once a slow phone's scripts have run, every share typed before
    and the one she is in (static/js/typed-before.js). Only their partners are filled in, and never
    one of them: a share the keeper emptied to type it again stays empty, whatever its
    partner holds.

    Returns the updated data and {field: value} of what the app filled in.
    """
    data = data.copy()
    filled = set(filter(None, data.get("filled", "").split(",")))
    typed = dict.fromkeys(name for name in typed if name)
    filled.difference_update(typed)
    changed = {}
    for name in typed:
        quantity, _, team = name.rpartition("_")
        if quantity not in rules.PAIR_TOTALS or team not in ("a", "b"):
            continue
        other = f"{quantity}_{'b' if team == 'a' else 'a'}"
        if other in typed or (data.get(other) not in (None, "") and other not in filled):
            continue  # the keeper typed that one too: checked, never changed
        share = _share_of(data, name)
        data[other] = changed[other] = "" if share is None else str(share)
        filled.add(other)
    data["filled"] = ",".join(sorted(filled))
    return data, changed


def fill_blanks(data):
    """On submit, a pair with one share given gets the other: what typing does with htmx."""
    data = data.copy()
    for quantity in rules.PAIR_TOTALS:
        a, b = f"{quantity}_a", f"{quantity}_b"
        for given, blank in ((a, b), (b, a)):
            if data.get(given) not in (None, "") and data.get(blank) in (None, ""):
                share = _share_of(data, given)
                if share is not None:
                    data[blank] = str(share)
    return data


def fill_points_from_count(data, points: rules.Pair):
    """Write the points that counted cards give into the points inputs, as the app's."""
    data = data.copy()
    filled = HandForm.filled_by_app(data) | {"points_a", "points_b"}
    data["points_a"], data["points_b"] = str(points.a), str(points.b)
    data["filled"] = ",".join(sorted(filled))
    return data, {"points_a": data["points_a"], "points_b": data["points_b"]}


class FourSevensForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput)
    team = forms.ChoiceField(choices=[("a", "a"), ("b", "b")])
    confirm = forms.BooleanField(
        label=_("Yes: one player was dealt all four 7s. The match ends now."),
        error_messages={"required": _("Tick the box to confirm the four sevens.")},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "fs-%s")  # beside a hand form's own ids
        super().__init__(*args, **kwargs)


class UndoForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput)
