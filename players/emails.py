"""The email a notice sends (players.services.notices): nothing yet beyond the notice."""


def send_notice(notice_id: int) -> None:
    return None
