from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from api.api import api


class FaviconView(RedirectView):
    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        # Resolved per request: the manifest of static files exists once collectstatic ran.
        return static("favicon.svg")


urlpatterns = [
    # Browsers ask for it whatever the page says.
    path("favicon.ico", FaviconView.as_view()),
    # First: the score keepers' pages and their polls (every 3 s from every phone) are found
    # without walking the other apps' patterns (no pattern of theirs overlaps these).
    path("", include("scoring.urls")),
    # Then the spectators' pages of a tournament, polled by every projector and phone.
    path("t/", include("tournaments.public_urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
]
