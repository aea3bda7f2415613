from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from api.api import api
from config.language import set_language


class FaviconView(RedirectView):
    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        # Resolved per request: the manifest of static files exists once collectstatic ran.
        return static("favicon.svg")


urlpatterns = [
    # Browsers ask for it whatever the page says.
    path("favicon.ico", FaviconView.as_view()),
    # First the spectators' pages of a tournament, polled by every projector and phone: a
    # prefix, so that other paths pass it at the cost of one match (no pattern of the
    # score keepers' starts with "t/").
    path("t/", include("tournaments.public_urls")),
    # Then the score keepers' pages and what their phones send, found without walking the
    # other apps' patterns (no pattern of theirs overlaps these). A phone's poll that finds
    # nothing new is answered before (scoring.middleware).
    path("", include("scoring.urls")),
    path("admin/", admin.site.urls),
    path("i18n/setlang/", set_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
    path("", include("players.urls")),
]
