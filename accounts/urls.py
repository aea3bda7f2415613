from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from accounts.forms import PasswordChangeForm

urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(form_class=PasswordChangeForm),
         name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("tokens/", views.create_token, name="token_create"),
    path("tokens/<int:token_id>/revoke/", views.delete_token, name="token_revoke"),
    path("delete/", views.delete_account, name="account_delete"),
]
