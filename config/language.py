"""The language switch, posted without a CSRF token.

A token in the switch's form would make every page that shows it carry one, the pages
spectators follow included: a token drawn for each visit (and its cookie) was a sixth of
a visitor's standings page. What a forged switch could do is change a reader's language,
but a browser says where a post comes from (`Sec-Fetch-Site`), and one from another site
is refused as a missing token is. The rest is Django's own view: `next` only within the
site, the language among the site's.
"""

from django.views import i18n
from django.views.csrf import csrf_failure
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

# What a browser sends for a post from a page of this site; "none": typed or bookmarked.
_OWN = {"same-origin", "none"}


@csrf_exempt
@require_POST
def set_language(request):
    # A browser that sends no Sec-Fetch-Site (an old one) is taken at its word.
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in _OWN:
        return csrf_failure(request, reason="the language switch was posted from another site")
    return i18n.set_language(request)
