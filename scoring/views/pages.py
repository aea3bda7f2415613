from django.core.paginator import Paginator
from django.template.response import TemplateResponse

from scoring.selectors import matches_of

MATCHES_PER_PAGE = 20


def home(request):
    """What the app is for; for a keeper, their matches with those in progress first."""
    context = {}
    if request.user.is_authenticated:
        context["matches"] = Paginator(matches_of(request.user), MATCHES_PER_PAGE).get_page(
            request.GET.get("page")
        )
    return TemplateResponse(request, "scoring/home.html", context)
