"""The release's name (config/release.py): what every ETag and cache key holds."""

from config.release import source_digest


def _app(root):
    (root / "scoring" / "templates").mkdir(parents=True)
    (root / "scoring" / "templates" / "table.html").write_text("<p>{{ score }}</p>")
    (root / "scoring" / "rules.py").write_text("TARGET = 33\n")
    return root


def test_a_changed_template_or_module_is_another_release(tmp_path):
    app = _app(tmp_path)
    before = source_digest(app)
    (app / "scoring" / "templates" / "table.html").write_text("<p>{{ score }} pts</p>")
    assert source_digest(app) != before
    again = source_digest(app)
    (app / "scoring" / "rules.py").write_text("TARGET = 11\n")
    assert source_digest(app) != again


def test_data_tests_and_installs_are_not_the_release(tmp_path):
    app = _app(tmp_path)
    before = source_digest(app)
    (app / "db.sqlite3").write_bytes(b"hands")
    (app / "tests").mkdir()
    (app / "tests" / "test_x.py").write_text("assert True\n")
    (app / ".venv").mkdir()
    (app / ".venv" / "site.py").write_text("x = 1\n")
    (app / "staticfiles").mkdir()
    (app / "staticfiles" / "app.css").write_text("p {}")
    assert source_digest(app) == before
