"""What a new app server process prepares before it takes its first request.

A process otherwise does it on its first requests: importing the URL configuration (the
API's schemas with it), loading both languages' catalogues and compiling the templates take
over half a second, and the first phones to reach a new worker would wait behind it (when
the server starts as the room arrives, and each time gunicorn replaces a worker during the
evening). gunicorn calls `warm` in each worker before it serves (config/gunicorn.py), then
`freeze`.
"""

import gc
import logging
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import reverse
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
    reverse("home")  # imports every URL module
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
    """Set what the process holds once warm (Django, the URLs, the API's schemas, the
    templates and catalogues: objects that live as long as the process) apart from the
    garbage collector, whose full collections would otherwise walk them all again and again,
    each time on a request that happened to trigger one. Garbage is collected first, never
    kept frozen."""
    gc.collect()
    gc.freeze()
