"""Sign up, log in and the account page; the rest are Django's own auth views."""

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods


class LoginView(auth_views.LoginView):
    redirect_authenticated_user = True


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    status = 422 if form.is_bound else 200
    return TemplateResponse(request, "registration/signup.html", {"form": form}, status=status)


@login_required
def account(request):
    return TemplateResponse(request, "registration/account.html")
