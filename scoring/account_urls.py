from django.contrib.auth import views as auth_views
from django.urls import path

from scoring.views import accounts

urlpatterns = [
    path("", accounts.account, name="account"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
]
