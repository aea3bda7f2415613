"""What a new app server process prepares before it takes its first request.

A process otherwise does it on its first requests: importing the URL configuration (the
API's schemas with it), loading both languages' catalogues and compiling the templates took
600 ms on this machine, so the first phones to reach a new worker waited behind it: when
the server starts as the room arrives, and each time gunicorn replaces a worker
(`max_requests`) during the evening (docs/performance.md, `make load`). gunicorn calls
`warm` in each worker before it serves (config/gunicorn.py), then `freeze`.
"""

import gc
import logging
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

logger = logging.getLogger(__name__)


def project_templates() -> list[str]:
    """The names of the project's own templates (its apps' and templates/), not Django's."""
    root = Path(settings.BASE_DIR).resolve()
    folders = [root / "templates"] + [
        Path(config.path) / "templates" for config in apps.get_app_configs()
        if Path(config.path).resolve().parent == root]
    return sorted({str(path.relative_to(folder)) for folder in folders if folder.is_dir()
                   for path in folder.rglob("*.html")})


def warm() -> int:
    """Import the URLs, load the catalogues, compile the templates; the number compiled."""
    get_resolver().reverse_dict  # noqa: B018 (imports every URL module, fills the reverses)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Hand")
    compiled = 0
    for name in project_templates():
        try:
            get_template(name)
            compiled += 1
        except (TemplateDoesNotExist, TemplateSyntaxError) as error:  # its page will say
            logger.warning("template %s not compiled at start: %s", name, error)
    return compiled


def freeze() -> None:
    """Set what the process holds once warm apart from the garbage collector (gc.freeze):
    Django, the URLs, the API's schemas, the templates and catalogues, about 145,000 objects
    that live as long as the process. CPython's full collection walked them all: 90 to 130 ms
    about once every 300 saved hands, on a request that happened to trigger it
    (docs/performance.md, eleventh pass). Garbage is collected first, never kept frozen."""
    gc.collect()
    gc.freeze()
