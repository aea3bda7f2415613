"""Admin pages. Hands are written through the services, so that the rules are checked and
the match's cached totals stay equal to a replay of its hands."""

from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.utils.translation import gettext_lazy as _

from scoring import rules, services
from scoring.errors import ScoringError
from scoring.forms import NameField
from scoring.models import Hand, HandRevision, Match, Player, Team


class NamedAdmin(admin.ModelAdmin):
    """Names stored normalised, as the services store them (scoring.names)."""

    def get_form(self, request, obj=None, **kwargs):
        return super().get_form(request, obj, field_classes={"name": NameField}, **kwargs)


@admin.register(Player)
class PlayerAdmin(NamedAdmin):
    search_fields = ["name"]


@admin.register(Team)
class TeamAdmin(NamedAdmin):
    list_display = ["name", "first_player", "second_player"]
    search_fields = ["name"]
    autocomplete_fields = ["first_player", "second_player"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            services.team_changed(team=obj)


class HandInline(admin.TabularInline):
    model = Hand
    fields = ["number", "kind", "points_a", "points_b", "politaines_a", "politaines_b",
              "tricks_a", "tricks_b", "four_sevens_team", "entered_by", "entered_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


class ServicesAdmin(admin.ModelAdmin):
    """An admin whose saves go through the services: a refusal shows its reason and saves
    nothing."""

    def save_through(self, request, write):
        try:
            write()
        except ScoringError as error:
            self.message_user(request, " ".join(error.messages()), messages.ERROR)
            raise _NotSaved from error

    def add_view(self, request, form_url="", extra_context=None):
        return self._guarded(super().add_view, request, form_url, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        return self._guarded(super().change_view, request, object_id, form_url, extra_context)

    def _guarded(self, view, request, *args):
        try:
            return view(request, *args)
        except _NotSaved:
            return HttpResponseRedirect(request.get_full_path())


class _NotSaved(Exception):
    pass


@admin.register(Match)
class MatchAdmin(ServicesAdmin):
    list_display = ["__str__", "owner", "status", "score_a", "score_b", "hand_count",
                    "created_at"]
    list_filter = ["variant", "status"]
    search_fields = ["team_a__name", "team_b__name", "owner__username"]
    list_select_related = ["team_a", "team_b", "owner"]
    autocomplete_fields = ["team_a", "team_b", "seat_n", "seat_e", "seat_s", "seat_w"]
    raw_id_fields = ["owner"]
    # The state is a replay of the hands: only the services write it.
    readonly_fields = ["status", "winner", "finish_reason", "score_a", "score_b", "hand_count",
                       "version", "created_at", "updated_at", "last_hand_at", "redeals",
                       # scoring/confirmations.py and scoring/paper.py keep these.
                       "opponents_token", "confirmation_mode", "confirmation", "confirmed_hands",
                       "dispute_reason", "from_paper"]
    inlines = [HandInline]
    actions = ["undo_last_hand"]

    def get_readonly_fields(self, request, obj=None):
        # The game and its teams cannot change under hands already played.
        if obj is not None and obj.hand_count:
            return [*self.readonly_fields, "variant", "target", "first_dealer",
                    "team_a", "team_b", "time_called_after"]
        return self.readonly_fields

    def save_model(self, request, obj, form, change):
        if not change:
            return super().save_model(request, obj, form, change)
        # Write only what the form changed, under the match's lock: the cached state is the
        # services' to write, and a hand may be entered at the same moment.
        fields = [name for name in form.changed_data if name not in self.readonly_fields]
        if fields:
            self.save_through(request, lambda: services.update_match_fields(
                match=obj, fields={f: getattr(obj, f) for f in fields}))

    @admin.action(description=_("Undo the last hand of the selected matches"))
    def undo_last_hand(self, request, queryset):
        for match in queryset:
            try:
                services.undo_last_hand(match=match, by=request.user)
            except ScoringError as error:
                self.message_user(request, f"{match}: {' '.join(error.messages())}",
                                  messages.ERROR)


class HandAdminForm(forms.ModelForm):
    class Meta:
        model = Hand
        fields = ["match", "number", "kind", "points_a", "points_b", "politaines_a",
                  "politaines_b", "tricks_a", "tricks_b", "four_sevens_team", "aces_a",
                  "aces_b", "counters_a", "counters_b", "last_trick"]

    def clean(self):
        data = super().clean()
        match = data.get("match")
        if match is None or self.errors:
            return data
        row = Hand(**{name: data.get(name) for name in self.Meta.fields})
        for name in ("politaines_a", "politaines_b"):
            setattr(row, name, data.get(name) or 0)
        self.rules_hand = row.to_rules()
        for violation in rules.validate_hand(match.variant, self.rules_hand):
            field = violation.field if violation.field in self.fields else None
            self.add_error(field, violation.render(str, match.team_name))
        return data


@admin.register(Hand)
class HandAdmin(ServicesAdmin):
    form = HandAdminForm
    list_display = ["match", "number", "kind", "points_a", "points_b", "politaines_a",
                    "politaines_b", "tricks_a", "tricks_b", "four_sevens_team", "entered_at"]
    list_select_related = ["match__team_a", "match__team_b"]
    list_filter = ["kind"]
    raw_id_fields = ["match"]

    def get_readonly_fields(self, request, obj=None):
        return ["match", "number"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        # Only the last hand may go, through the match's "undo" action.
        return False

    def save_model(self, request, obj, form, change):
        service = services.correct_hand if change else services.record_hand
        self.save_through(request, lambda: service(
            match=obj.match_id, number=obj.number, hand=form.rules_hand, by=request.user))


@admin.register(HandRevision)
class HandRevisionAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "action", "by", "at"]
    list_filter = ["action"]
    list_select_related = ["match__team_a", "match__team_b", "by"]
    readonly_fields = ["match", "number", "action", "before", "after", "by", "at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
