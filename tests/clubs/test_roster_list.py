"""A roster pasted one name per line (issue 43, item 5): each line shown with what it will
do before anything is saved, then the names shown as added added all at once, checked
again with the club locked."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Member
from clubs.services import privacy
from tests.factories import UserFactory

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def club(organizer):
    club = services.create_club(owner=organizer, name="Les As")
    services.add_member(club=club, name="Anne Tremblay")
    services.add_member(club=club, name="Élise Bouchard")
    return club


def listed(club):
    return list(Member.objects.filter(club=club).order_by("number").values_list("name",
                                                                                flat=True))


def check(client, club, text, **extra):
    return client.post(reverse("club_roster_list", args=[club.pk]), {"names": text}, **extra)


def confirm(client, club, text, adding, **extra):
    return client.post(reverse("club_roster_list", args=[club.pk]),
                       {"names": text, "adding": adding, "confirm": "1"}, **extra)


def test_the_roster_page_offers_a_list_to_paste(client, club):
    page = client.get(reverse("club_roster", args=[club.pk])).content.decode()
    assert "Paste a list" in page
    assert f'action="{reverse("club_roster_list", args=[club.pk])}"' in page


def test_each_line_says_what_it_will_do_and_nothing_is_saved(client, club):
    text = ("Marc Gagnon\n\n  ANNE   tremblay \nMarc  Gagnon\n\u00c9LISE bouchard\n"
            "Joueur 3\nSophie\u200bRoy\n" + "X" * 61 + "\nLouise Roy\n")
    answer = check(client, club, text)
    page = answer.content.decode()
    assert answer.status_code == 200
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard"]  # nothing saved yet
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 8  # the blank line skipped, still counted
    assert "Marc Gagnon" in rows[0] and "will be added" in rows[0]
    # A look-alike of a roster name: which player it is.
    assert "ANNE tremblay" in rows[1] and "Already on the roster as" in rows[1]
    assert "Anne Tremblay" in rows[1]
    assert ">4<" in rows[2] and "Listed twice (line 1)" in rows[2]
    assert "Already on the roster as" in rows[3] and "Élise Bouchard" in rows[3]
    assert "reads like a hidden player's number" in rows[4]
    assert "invisible or blank characters" in rows[5]
    assert "at most 60 characters" in rows[6]
    assert "Louise Roy" in rows[7] and "will be added" in rows[7]
    assert "Add these 2 players" in page
    assert page.count('name="adding"') == 2


def test_adding_adds_exactly_the_names_shown(client, club):
    text = "Marc Gagnon\nanne tremblay\nMarc Gagnon\nLouise Roy"
    answer = confirm(client, club, text, ["Marc Gagnon", "Louise Roy"])
    assert answer.status_code == 302
    assert answer["Location"] == reverse("club_roster", args=[club.pk])
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard", "Marc Gagnon", "Louise Roy"]
    assert Member.objects.get(club=club, name="Louise Roy").number == 4
    page = client.get(answer["Location"]).content.decode()
    assert "2 players joined the roster." in page


def test_a_roster_changed_since_the_preview_adds_nothing_and_shows_the_list_again(
        client, club):
    text = "Marc Gagnon\nLouise Roy"
    check(client, club, text)
    services.add_member(club=club, name="Louise Roy")  # another organizer, meanwhile
    answer = confirm(client, club, text, ["Marc Gagnon", "Louise Roy"])
    page = answer.content.decode()
    assert answer.status_code == 409
    assert "The roster changed since the list was checked" in page
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard", "Louise Roy"]  # no Marc
    assert "Add this player" in page and page.count('name="adding"') == 1


def test_names_posted_that_the_list_does_not_add_are_refused(client, club):
    answer = confirm(client, club, "Marc Gagnon", ["Marc Gagnon", "Intrus"])
    assert answer.status_code == 409
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard"]


def test_a_name_taken_off_is_refused_without_saying_whose(client, club, organizer):
    anne = Member.objects.get(club=club, name="Anne Tremblay")
    privacy.anonymize_member(member=anne, by=organizer)
    answer = check(client, club, "anne TREMBLAY\nMarc Gagnon")
    page = answer.content.decode()
    assert "a name taken off the club's roster at its player's request" in page
    assert "Player 1" not in page.split("<tbody>")[1].split("</tbody>")[0]
    confirm(client, club, "anne TREMBLAY\nMarc Gagnon", ["Marc Gagnon"])
    assert listed(club) == ["#1", "Élise Bouchard", "Marc Gagnon"]


def test_refusals_read_in_french(client, club, organizer):
    privacy.anonymize_member(member=Member.objects.get(club=club, name="Élise Bouchard"),
                             by=organizer)
    text = "Anne Tremblay\nJoueur 3\nSophie\u200bRoy\nÉlise Bouchard\n" + "X" * 61 + \
        "\nMarc\tGagnon\nMarc Roy\nmarc roy"
    page = check(client, club, text, **FR).content.decode()
    assert "Déjà dans la liste du club" in page
    assert "le numéro d’un joueur caché" in page
    assert "caractères invisibles" in page
    assert "retiré de la liste du club" in page
    assert "60 caractères" in page
    assert "tabulation" in page
    assert "En double (ligne 7)" in page
    assert "Ajouter ce joueur" in page
    assert listed(club) == ["Anne Tremblay", "#2"]
    answer = confirm(client, club, "Marc Roy\nLouise Roy", ["Marc Roy"], **FR)
    assert answer.status_code == 409
    assert "La liste du club a changé" in answer.content.decode()
    assert listed(club) == ["Anne Tremblay", "#2"]


def test_a_list_too_long_or_empty_is_refused_and_nothing_saved(client, club):
    answer = check(client, club, "\n".join(f"Joueur {chr(65 + i // 26)}{chr(65 + i % 26)}"
                                           for i in range(201)))
    assert answer.status_code == 422
    assert "Paste at most 200 names at once." in answer.content.decode()
    answer = check(client, club, "", **FR)
    assert answer.status_code == 422
    answer = confirm(client, club, "Anne Tremblay", [])
    assert answer.status_code == 422
    assert "The list adds no new player." in answer.content.decode()
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard"]


def test_the_list_is_the_club_organizers_alone(client, club):
    url = reverse("club_roster_list", args=[club.pk])
    client.force_login(UserFactory())
    assert client.post(url, {"names": "Marc"}).status_code == 404
    assert client.post(url, {"names": "Marc", "adding": ["Marc"],
                             "confirm": "1"}).status_code == 404
    client.logout()
    assert client.post(url, {"names": "Marc"}).status_code == 302  # to log in
    assert listed(club) == ["Anne Tremblay", "Élise Bouchard"]


def test_a_co_organizer_may_paste_a_list(client, club, organizer):
    other = UserFactory(username="coorg")
    services.add_organizer(club=club, username="coorg", by=organizer)
    client.force_login(other)
    assert confirm(client, club, "Marc", ["Marc"]).status_code == 302
    assert "Marc" in listed(club)


@pytest.mark.parametrize("count", [5, 40])
def test_the_preview_reads_a_fixed_number_of_queries(client, club, organizer, count,
                                                     django_assert_max_num_queries):
    privacy.anonymize_member(member=Member.objects.get(club=club, name="Anne Tremblay"),
                             by=organizer)
    for i in range(count // 2):
        services.add_member(club=club, name=f"Membre {chr(65 + i)}")
    text = "\n".join([f"Membre {chr(65 + i)}" for i in range(count // 2)]
                     + [f"Nouveau {chr(65 + i)}" for i in range(count - count // 2)])
    with django_assert_max_num_queries(9):
        answer = check(client, club, text + "\nanne tremblay")
    assert answer.status_code == 200
    assert answer.content.decode().count('name="adding"') == count - count // 2


@pytest.mark.parametrize("count", [5, 40])
def test_adding_a_pasted_list_reads_a_fixed_number_of_queries(client, club, count,
                                                               django_assert_max_num_queries):
    adding = [f"Nouveau {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(count)]
    before = Member.objects.filter(club=club).count()
    with django_assert_max_num_queries(20):
        answer = confirm(client, club, "\n".join(adding), adding)
    assert answer.status_code == 302
    numbers = list(Member.objects.filter(club=club, name__in=adding).order_by("number")
                   .values_list("number", flat=True))
    assert numbers == list(range(before + 1, before + count + 1))  # in the list's order
    assert Member.objects.get(club=club, name=adding[-1]).aliases.count() == 1
