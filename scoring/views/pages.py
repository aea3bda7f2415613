import functools
import re

import markdown
from django.conf import settings
from django.core.paginator import Paginator
from django.template.response import TemplateResponse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from scoring.selectors import matches_of

MATCHES_PER_PAGE = 20


def home(request):
    """What the app is for; for a keeper, their matches with those in progress first (or,
    with ?archived=1, those archived)."""
    context = {}
    if request.user.is_authenticated:
        archived = request.GET.get("archived") == "1"
        context["archived"] = archived
        context["matches"] = Paginator(
            matches_of(request.user, archived=archived), MATCHES_PER_PAGE
        ).get_page(request.GET.get("page"))
        context["has_archive"] = archived or matches_of(request.user, archived=True).exists()
    return TemplateResponse(request, "scoring/home.html", context)


RULES_FILE = settings.BASE_DIR / "docs" / "rules.md"
LANGUAGE_MARK = re.compile(r"^<!-- lang: (\w+) -->$", re.MULTILINE)


@functools.cache
def rules_html(language: str) -> str:
    """docs/rules.md, the part in `language` (English when it has none), as HTML; its first
    heading is the page's own."""
    text = RULES_FILE.read_text(encoding="utf-8")
    parts = LANGUAGE_MARK.split(text)[1:]
    by_language = dict(zip(parts[::2], parts[1::2], strict=True))
    part = by_language.get(language, by_language["en"]).strip()
    lines = part.splitlines()[1:]  # "## Rules of the game"
    # One level up, under the page's h1.
    body = "\n".join(line[1:] if line.startswith("### ") else line for line in lines)
    return markdown.markdown(body, extensions=["tables"], output_format="html")


@require_GET
def rules(request):
    """The players' rules (docs/rules.md) in the reader's language."""
    language = (get_language() or "en").split("-")[0]
    return TemplateResponse(request, "scoring/rules.html",
                            {"rules_html": mark_safe(rules_html(language))})
