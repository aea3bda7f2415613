"""Adding, correcting and undoing hands through the API: every rule and refusal."""

import json

import pytest

from scoring.models import Hand

pytestmark = pytest.mark.django_db


def hands(match):
    return f"/matches/{match['id']}/hands"


def add(api, match, **body):
    return api.post(hands(match), body)


def ab(a, b):
    return {"a": a, "b": b}


def test_adding_a_hand_answers_that_hand_and_where_the_match_stands(api, politaine):
    response = add(api, politaine, number=1, points=ab(7, 4))
    assert response.status_code == 201
    body = add(api, politaine, number=2, points=ab(3, 8), politaines=ab(0, 1)).json()
    match = body["match"]
    assert match["score"] == ab(10, 23) and match["next_hand"] == 3 and match["dealer"] == "S"
    assert match["leader"] == "W" and match["hand_count"] == 2
    assert body["hand"] == {"number": 2, "dealer": "E", "kind": "played",
                            "points": ab(3, 8), "politaines": ab(0, 1), "score": ab(10, 23)}
    assert "hands" not in body and "hands" not in match


def test_counted_cards_give_the_points(api, politaine):
    count = {"a": {"aces": 2, "counters": 9, "last_trick": True},
             "b": {"aces": 2, "counters": 11, "last_trick": False}}
    hand = add(api, politaine, number=1, count=count).json()["hand"]
    assert hand["points"] == ab(6, 5) and hand["count"] == count


def test_four_sevens_wins_at_once(api, politaine):
    add(api, politaine, number=1, points=ab(11, 0))
    body = add(api, politaine, number=2, four_sevens="b").json()
    match = body["match"]
    assert (match["status"], match["winner"], match["finish_reason"]) == (
        "finished", "b", "four_sevens")
    assert match["dealer"] is None and match["leader"] is None
    assert body["hand"] == {"number": 2, "dealer": "E", "kind": "four_sevens",
                            "team": "b", "score": ab(11, 0)}


def test_a_quadrette_hand_has_tricks_and_points(api, quadrette):
    body = add(api, quadrette, number=1, tricks=ab(4, 2)).json()
    assert body["hand"] == {"number": 1, "dealer": "N", "kind": "played",
                            "tricks": ab(4, 2), "points": ab(1, 0), "score": ab(1, 0)}
    assert body["match"]["dealer"] == "W"  # counter-clockwise
    body = add(api, quadrette, number=2, tricks=ab(0, 6)).json()
    assert body["match"]["score"] == ab(1, 2)


def test_reaching_the_target_and_the_tie_rule(api, politaine):
    for number, points in enumerate(((11, 0), (11, 0), (6, 5), (0, 11), (0, 11), (5, 6)), 1):
        match = add(api, politaine, number=number, points=ab(*points)).json()["match"]
    assert match["score"] == ab(33, 33) and match["status"] == "in_progress"
    match = add(api, politaine, number=7, points=ab(6, 5)).json()["match"]
    assert (match["winner"], match["finish_reason"], match["score"]) == ("a", "target", ab(39, 38))


RULE_REFUSALS = [
    # (match fixture, body, code, field, English words, French words)
    ("politaine", {"points": ab(6, 4)}, "points_sum", "points",
     "add up to 10; they always add up to 11", "font 10 au total"),
    ("politaine", {"points": ab(12, -1)}, "points_not_whole", "points_a",
     "from 0 to 11", "de 0 à 11"),
    ("politaine", {"points": ab(1, 10), "politaines": ab(1, 0)}, "politaine_floor",
     "politaines_a", "Les Bleus: 1 politaine brings at least 2 card points",
     "Les Bleus : une politaine apporte au moins 2 points de cartes"),
    ("politaine", {"points": ab(5, 6), "politaines": ab(2, 0)}, "politaine_floor",
     "politaines_a", "Les Bleus: 2 politaines bring at least 6 card points",
     "Les Bleus : 2 politaines apportent au moins 6 points de cartes"),
    ("politaine", {"points": ab(5, 6), "politaines": ab(2, 1)}, "politaines_too_many",
     "politaines", "at most 2", "2"),
    ("politaine", {"points": ab(5, 6), "politaines": ab(-1, 0)}, "politaines_not_whole",
     "politaines_a", "whole number", "entier"),
    ("politaine", {"four_sevens": "a", "points": ab(5, 6)}, "four_sevens_with_points",
     "four_sevens", "no card points", "aucun point"),
    ("politaine", {"tricks": ab(3, 3)}, "tricks_not_in_variant", "points",
     "card points, not tricks", "points de cartes"),
    ("politaine", {}, "points_missing", "points", "Enter both teams' card points", "points"),
    ("politaine", {"count": {"a": {"aces": 3, "counters": 9, "last_trick": True},
                             "b": {"aces": 2, "counters": 11, "last_trick": True}}},
     "aces_sum", "aces", "aces add up to 5", "5"),
    ("politaine", {"count": {"a": {"aces": 2, "counters": 9, "last_trick": True},
                             "b": {"aces": 2, "counters": 11, "last_trick": True}}},
     "last_trick", "last_trick", "Exactly one team takes the last trick", "steck"),
    ("quadrette", {"tricks": ab(4, 3)}, "tricks_sum", "tricks",
     "add up to 7; a hand of La Quadrette has 6 tricks", "7"),
    ("quadrette", {"tricks": ab(7, -1)}, "tricks_not_whole", "tricks_a", "from 0 to 6",
     "de 0 à 6"),
    ("quadrette", {"four_sevens": "a"}, "four_sevens_not_in_variant", "four_sevens",
     "not a rule of La Quadrette", "Quadrette"),
    ("quadrette", {"points": ab(6, 5)}, "points_not_in_variant", "tricks",
     "scored by tricks", "levées"),
    ("quadrette", {}, "tricks_missing", "tricks", "Enter the tricks", "levées"),
]


@pytest.mark.parametrize(("fixture", "body", "code", "field", "english", "french"),
                         RULE_REFUSALS)
def test_every_rule_refusal_in_both_languages(request, api, api_fr, fixture, body, code, field,
                                              english, french):
    match = request.getfixturevalue(fixture)
    for client, words in ((api, english), (api_fr, french)):
        response = add(client, match, number=1, **body)
        assert response.status_code == 422, response.content
        error = response.json()
        assert error["code"] == code and error["errors"][0]["field"] == field
        assert words in error["detail"], error["detail"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [({"number": "1", "points": ab(7, 4)}, "number", "int_type"),
     ({"number": 1.0, "points": ab(7, 4)}, "number", "int_type"),
     ({"number": 1, "points": {"a": "7", "b": 4}}, "points.a", "int_type"),
     ({"number": 1, "points": {"a": 5.5, "b": 5.5}}, "points.a", "int_type"),
     ({"number": 1, "points": {"a": True, "b": 4}}, "points.a", "int_type"),
     ({"number": 1, "points": {"a": 7}}, "points.b", "missing"),
     ({"points": ab(7, 4)}, "number", "missing"),
     ({"number": 1, "points": ab(7, 4), "bonus": 3}, "bonus", "extra_forbidden"),
     ({"number": 1, "points": [7, 4]}, "points", "model_attributes_type"),
     ({"number": 1, "four_sevens": "c"}, "four_sevens", "literal_error"),
     ({"number": 1, "count": {"a": {"aces": 2}}}, "count.a.counters", "missing")],
)
def test_wrong_types_are_refused_with_a_message_never_a_500(api, api_fr, politaine, body, field,
                                                            code):
    response = api.post(hands(politaine), body)
    assert response.status_code == 422, response.content
    codes = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert (field, code) in codes or any(f == field for f, _ in codes), codes
    french = api_fr.post(hands(politaine), body).json()["detail"]
    assert french != response.json()["detail"]


def test_a_number_other_than_the_next_is_a_conflict(api, api_fr, politaine):
    add(api, politaine, number=1, points=ab(7, 4))
    again = add(api, politaine, number=1, points=ab(2, 9))
    assert again.status_code == 409 and again.json()["code"] == "hand_already_entered"
    assert "The score is now 7–4; the next hand is hand 2." in again.json()["detail"]
    french = add(api_fr, politaine, number=1, points=ab(2, 9)).json()["detail"]
    assert "7–4" in french and "tour 2" in french
    ahead = add(api, politaine, number=3, points=ab(2, 9))
    assert ahead.status_code == 409 and ahead.json()["code"] == "hand_number"
    assert Hand.objects.count() == 1


def test_the_same_hand_sent_again_answers_200_already_saved(api, api_fr, politaine):
    first = add(api, politaine, number=1, points=ab(7, 4), politaines=ab(0, 0))
    again = add(api, politaine, number=1, points=ab(7, 4))
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()  # the match as it stands, nothing doubled
    add(api, politaine, number=2, points=ab(11, 0), politaines=ab(2, 0))  # ends the match
    assert add(api_fr, politaine, number=2, points=ab(11, 0),
               politaines=ab(2, 0)).status_code == 200
    assert Hand.objects.count() == 2


def test_another_hand_under_a_taken_number_is_still_a_conflict(api, politaine):
    add(api, politaine, number=1, points=ab(11, 0), politaines=ab(2, 0))  # ends the match
    other = add(api, politaine, number=1, points=ab(0, 11))
    assert other.status_code == 409 and other.json()["code"] == "hand_already_entered"
    assert Hand.objects.get().points_a == 11


def test_no_hand_on_a_finished_match(api, politaine):
    for number in (1, 2, 3):
        add(api, politaine, number=number, points=ab(11, 0))
    response = add(api, politaine, number=4, points=ab(5, 6))
    assert response.status_code == 409 and response.json()["code"] == "match_finished"
    assert "(winners: Les Bleus, 33–0)" in response.json()["detail"]


def test_correcting_a_hand_recomputes_the_match(api, politaine):
    for number in (1, 2, 3):
        add(api, politaine, number=number, points=ab(11, 0))
    reopened = api.put(f"{hands(politaine)}/3", {"points": ab(10, 1)})
    assert reopened.status_code == 200
    assert reopened.json()["match"]["status"] == "in_progress"
    assert reopened.json()["match"]["score"] == ab(32, 1)
    finished = api.put(f"{hands(politaine)}/3", {"four_sevens": "b"})
    assert finished.json()["match"]["winner"] == "b"


def test_a_correction_that_ends_the_match_early_is_a_conflict(api, politaine):
    for number, points in enumerate(((11, 0), (11, 0), (5, 6), (6, 5)), 1):
        add(api, politaine, number=number, points=ab(*points))
    response = api.put(f"{hands(politaine)}/3", {"points": ab(11, 0)})
    assert response.status_code == 409 and response.json()["code"] == "correction_ends_match"
    assert api.get(f"/matches/{politaine['id']}").json()["score"] == ab(33, 11)


def test_correcting_takes_no_number_and_a_missing_hand_is_404(api, politaine):
    add(api, politaine, number=1, points=ab(7, 4))
    response = api.put(f"{hands(politaine)}/1", {"number": 1, "points": ab(6, 5)})
    assert response.status_code == 422 and response.json()["errors"][0]["field"] == "number"
    assert api.put(f"{hands(politaine)}/2", {"points": ab(6, 5)}).status_code == 404
    bad = api.put(f"{hands(politaine)}/1", {"points": ab(6, 4)})
    assert bad.status_code == 422 and bad.json()["code"] == "points_sum"


def test_undo_only_the_last_hand(api, politaine):
    for number in (1, 2, 3):
        add(api, politaine, number=number, points=ab(11, 0))
    response = api.delete(f"{hands(politaine)}/2")
    assert response.status_code == 409 and response.json()["code"] == "undo_not_last"
    response = api.delete(f"{hands(politaine)}/3")
    assert response.status_code == 200
    assert response.json()["match"]["status"] == "in_progress"
    assert response.json()["match"]["next_hand"] == 3 and response.json()["hand"] is None
    assert api.delete(f"{hands(politaine)}/40000").status_code == 422


def test_a_hand_writes_whole_answer_is_the_same_text_as_get(api, quadrette):
    """Asked for the whole match (Prefer: return=representation), a client that compares
    bodies, or hashes them to see whether anything changed, sees no change where there is
    none: same keys in the same order, to the byte."""
    posted = api.post(hands(quadrette), {"number": 1, "tricks": ab(4, 2)},
                      prefer="return=representation")
    assert posted["Preference-Applied"] == "return=representation"
    assert posted.status_code == 201
    read = api.get(f"/matches/{quadrette['id']}")
    assert posted.json() == read.json()
    assert list(json.loads(posted.content)) == list(json.loads(read.content))
    assert list(posted.json()["hands"][0]) == list(read.json()["hands"][0])
    assert posted.content == read.content
