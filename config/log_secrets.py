"""Link secrets (the score keeper's `/k/<secret>/...`, the opponents' `/o/<secret>/...`, a
player's invitation `/invitations/<token>/` and private calendar `/me/calendar/<secret>.ics`)
never reach a log: gunicorn's access and error logs and Django's own log show the path
with the secret masked."""

import logging
import re

from gunicorn.glogging import Logger

LINK_SECRET = re.compile(r"(/[ko]/|/invitations/|/me/calendar/)[^/?#\s\"]+")
MASK = r"\1[secret]"
# Headers that carry credentials, should a custom access_log_format name them.
CREDENTIAL_ATOMS = ("{authorization}i", "{cookie}i", "{set-cookie}o")


def mask(text: str) -> str:
    return LINK_SECRET.sub(MASK, text)


class MaskLinkSecrets(logging.Filter):
    """A log filter that masks link secrets in every record's message."""

    def filter(self, record):
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


class GunicornLogger(Logger):
    """gunicorn's logger, with link secrets masked in the access log and the error log."""

    def setup(self, cfg):
        super().setup(cfg)
        self.error_log.addFilter(MaskLinkSecrets())

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name in CREDENTIAL_ATOMS:
            if name in atoms:
                atoms[name] = "-"
        return {name: mask(value) if isinstance(value, str) else value
                for name, value in atoms.items()}
