"""Sign up, log in, the account page, its API tokens and the account's deletion; the rest
are Django's auth views."""

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import services
from accounts.forms import DeleteAccountForm, NewTokenForm, SignUpForm
from accounts.selectors import deletion_plan
from accounts.services import issue_token, revoke_token
from scoring.errors import Conflict, ScoringError, render


class LoginView(auth_views.LoginView):
    redirect_authenticated_user = True


# Tells the browser to drop the copies of the site's pages it kept (never "storage", which
# holds the hands waiting to be sent): a shared phone forgets the last user.
CLEAR_CACHE = '"cache"'


class LogoutView(auth_views.LogoutView):
    """Django's logout, whose answer tells the browser to drop the copies of the site's pages
    it kept (`Clear-Site-Data: "cache"`): a shared phone forgets the last user. Never
    "storage", which would wipe the hands still waiting to be sent (localStorage). The copies
    the offline mode keeps go with the page's own script (static/js/logout.js)."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_CACHE
        return response


def _next(request) -> str:
    """Where to go after signing up: the `next` the page came with (an invitation's page),
    when it is a page of this site, else ""."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect(_next(request) or "home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request) or "home")
    status = 422 if form.is_bound else 200
    return TemplateResponse(request, "registration/signup.html",
                            {"form": form, "next": _next(request)}, status=status)


@login_required
def account(request, *, new_token=None, token_form=None, status=200):
    return TemplateResponse(
        request,
        "accounts/account.html",
        {
            "tokens": request.user.api_tokens.all(),
            "new_token": new_token,
            "token_form": token_form or NewTokenForm(),
        },
        status=status,
    )


@login_required
@require_POST
def create_token(request):
    form = NewTokenForm(request.POST)
    if not form.is_valid():
        return account(request, token_form=form, status=422)
    token = issue_token(user=request.user, name=form.cleaned_data["name"])
    # Shown once, on this response only: it is stored hashed.
    return account(request, new_token=token)


@login_required
@require_POST
def delete_token(request, token_id):
    if revoke_token(user=request.user, token_id=token_id):
        messages.success(request, _("Token revoked: it no longer works."))
    return redirect("account")


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request):
    """GET says what deleting the account would do and asks for the password; POST deletes
    it, logs out, and the home page says so."""
    form = DeleteAccountForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            name = request.user.get_username()
            try:
                services.delete_account(user=request.user,
                                        password=form.cleaned_data["password"])
            except ScoringError as error:
                for violation, message in zip(error.violations, error.messages(), strict=True):
                    form.add_error("password" if violation.field == "password" else None,
                                   message)
                status = 409 if isinstance(error, Conflict) else 422
            else:
                logout(request)
                messages.success(request, _("Your account %(name)s is deleted.") % {
                    "name": name})
                response = redirect("home")
                response["Clear-Site-Data"] = CLEAR_CACHE
                return response
        else:
            status = 422
    plan = deletion_plan(request.user)
    stuck = [{"message": render(services.club_refusal(club)), "club": club}
             for club in plan.stuck_clubs]
    stuck += [{"message": render(services.tournament_refusal(tournament)),
               "tournament": tournament} for tournament in plan.stuck_tournaments]
    return TemplateResponse(request, "accounts/delete.html",
                            {"plan": plan, "stuck": stuck, "form": form}, status=status)
