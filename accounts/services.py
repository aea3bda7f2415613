"""Issuing, checking and revoking personal API tokens."""

import secrets

from django.utils import timezone

from accounts.models import ApiToken, token_hash

TOKEN_PREFIX = "pol_"


def issue_token(*, user, name: str = "") -> str:
    """Create a token for `user` and return it: the only time it can be seen."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(
        user=user, name=name.strip()[:60], key_hash=token_hash(token), prefix=token[:12]
    )
    return token


def user_for_token(token: str):
    """The active user a personal token belongs to, or None."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 200 or "\x00" in token:
        return None
    try:
        found = ApiToken.objects.select_related("user").get(key_hash=token_hash(token))
    except ApiToken.DoesNotExist:
        return None
    if not found.user.is_active:
        return None
    now = timezone.now()
    # Note the use at most once a minute: a busy scoreboard should not write on every call.
    if found.last_used_at is None or (now - found.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)
    return found.user


def revoke_token(*, user, token_id: int) -> bool:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)
