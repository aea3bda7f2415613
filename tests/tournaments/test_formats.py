import pytest

from tournaments.formats import stage_of_round, total_rounds


@pytest.mark.parametrize(
    ("format", "field", "swiss", "knockout", "rounds"),
    [("round_robin", 8, None, None, 7), ("round_robin", 7, None, None, 7),
     ("knockout", 8, None, None, 3), ("knockout", 9, None, None, 4),
     ("knockout", 2, None, None, 1), ("swiss", 128, 7, None, 7),
     ("swiss_knockout", 16, 4, 8, 7), ("swiss_knockout", 6, 3, 8, 6)],
)
def test_total_rounds(format, field, swiss, knockout, rounds):
    assert total_rounds(format, field_size=field, swiss_rounds=swiss,
                        knockout_size=knockout) == rounds


def test_stages_of_a_swiss_then_knockout():
    stages = [stage_of_round("swiss_knockout", n, swiss_rounds=3) for n in range(1, 6)]
    assert stages == ["swiss", "swiss", "swiss", "knockout", "knockout"]
    assert stage_of_round("round_robin", 4, swiss_rounds=None) == "round_robin"
