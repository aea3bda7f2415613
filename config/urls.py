from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from api.api import api

urlpatterns = [
    # Browsers ask for it whatever the page says.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
