"""Personal API tokens. Only a hash of each token is stored; the token itself is shown once."""

import hashlib

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def token_hash(token: str) -> str:
    # Tokens are long random strings, so a plain SHA-256 is enough (no need for a slow hash).
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="api_tokens",
                             verbose_name=_("user"))
    name = models.CharField(_("name"), max_length=60, blank=True)
    key_hash = models.CharField(_("hash of the token"), max_length=64, unique=True)
    prefix = models.CharField(_("start of the token"), max_length=12,
                              help_text=_("Shown to tell tokens apart."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.prefix}… ({self.user})"
