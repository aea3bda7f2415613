"""A page as its reader reads it: its text, markup and extra spaces gone."""

import re


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def main_of(html: str) -> str:
    """The page's main part (its <main> element), as HTML."""
    return html[html.index("<main"):html.index("</main>")]
