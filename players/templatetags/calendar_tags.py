from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def calendar_addresses(context, url: str) -> dict:
    """A feed's address as a calendar app subscribes to it (`webcal`) and as one copies
    it (`https`, or what the site runs on); a path is made whole from the request."""
    request = context.get("request")
    if url.startswith("/") and request is not None:
        url = request.build_absolute_uri(url)
    _scheme, sep, rest = url.partition("://")
    return {"https": url, "webcal": f"webcal://{rest}" if sep else url}
