from django.contrib import admin
from django.urls import include, path

from api.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
