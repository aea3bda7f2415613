from django.urls import include, path

from scoring.access import LINK, OWNED
from scoring.views import matches, offline, opponents, pages, table

# The match page and its actions, reached by id (the keeper's account) or by the secret
# of the score keeper link; the views are the same.
table_patterns = [
    path("", table.table, name="table"),
    path("live/", table.live, name="live"),
    path("hands/", table.record, name="record"),
    path("hands/check/", table.check, name="check"),
    path("hands/four-sevens/", table.four_sevens, name="four_sevens"),
    path("hands/undo/", table.undo, name="undo"),
    path("hands/<int:number>/", table.edit_hand, name="edit_hand"),
    path("hands/<int:number>/check/", table.check_correction, name="check_correction"),
    path("redeal/", table.redeal, name="redeal"),
    path("first-dealer/", table.first_dealer, name="first_dealer"),
    path("qr.svg", table.qr_code, name="qr_code"),
    # The page as an installable app, and the hands it kept while offline.
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("hands/send/", offline.send, name="send"),
]

urlpatterns = [
    path("", pages.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("rules/", pages.rules, name="rules"),
    path("matches/new/", matches.new_match, name="match_new"),
    path("matches/new/target/", matches.target_field, name="match_new_target"),
    path("matches/<int:pk>/rematch/", matches.rematch, name="match_rematch"),
    path("matches/<int:pk>/new-link/", matches.new_link, name="match_new_link"),
    path("matches/<int:pk>/archive/", matches.archive, name="match_archive"),
    path("matches/<int:pk>/delete/", matches.delete, name="match_delete"),
    path("matches/<int:pk>/", include((table_patterns, OWNED))),
    path("k/<str:token>/", include((table_patterns, LINK))),
    # The opponents' link: read-only, with Confirm and Dispute.
    path("o/<str:token>/", opponents.page, name="opponents"),
    path("o/<str:token>/live/", opponents.live, name="opponents_live"),
    path("o/<str:token>/confirm/", opponents.confirm, name="opponents_confirm"),
    path("o/<str:token>/dispute/", opponents.dispute, name="opponents_dispute"),
]
