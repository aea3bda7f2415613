"""A page's forms as a browser without JavaScript sends them: their action and the values
they hold (text and hidden inputs, the checked radios and boxes, selects' chosen options),
read from the HTML the server drew. A test changes what a user would type and posts it with
Django's test client: what only the server renders is checked without a browser."""

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    action: str
    attrs: dict
    fields: dict = field(default_factory=dict)
    buttons: list = field(default_factory=list)  # (name, value, text) of each submit button

    def data(self, **typed) -> dict:
        """What the form posts, with `typed` over what it holds."""
        return {**self.fields, **{name: str(value) for name, value in typed.items()}}


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form = None
        self._select = None
        self._button = None

    def handle_starttag(self, tag, attrs):
        attrs = {name: value if value is not None else "" for name, value in attrs}
        if tag == "form":
            self._form = Form(attrs.get("action", ""), attrs)
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    self._form.fields[attrs["name"]] = attrs.get("value", "on")
            elif kind == "submit":
                self._form.buttons.append((attrs["name"], attrs.get("value", ""), ""))
            else:
                self._form.fields[attrs["name"]] = attrs.get("value", "")
        elif tag == "select" and attrs.get("name"):
            self._select = attrs["name"]
        elif tag == "option" and self._select and "selected" in attrs:
            self._form.fields[self._select] = attrs.get("value", "")
        elif tag == "textarea" and attrs.get("name"):
            self._form.fields[attrs["name"]] = ""
        elif tag == "button" and attrs.get("type", "submit") == "submit":
            self._button = [attrs.get("name", ""), attrs.get("value", ""), ""]

    def handle_data(self, data):
        if self._button is not None:
            self._button[2] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "button" and self._button is not None and self._form is not None:
            self._form.buttons.append((self._button[0], self._button[1],
                                       " ".join(self._button[2].split())))
            self._button = None


def forms_of(html: str, url: str = "") -> list[Form]:
    """The page's forms; a form without an action posts to the page's own `url`."""
    reader = _Reader()
    reader.feed(html)
    for form in reader.forms:
        form.action = form.action or url
    return reader.forms


def form_posting_to(html: str, action_end: str, url: str = "") -> Form:
    """The page's form whose action ends with `action_end` (exactly one)."""
    found = [form for form in forms_of(html, url) if form.action.endswith(action_end)]
    assert len(found) == 1, [form.action for form in forms_of(html, url)]
    return found[0]
