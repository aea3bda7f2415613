"""Triggers for what a CHECK on one row cannot see, so that what the services refuse the
database refuses too, whatever writes (raw SQL included), on PostgreSQL and SQLite:

- a hand fits its match's game (tricks in La Quadrette, card points or four sevens in the
  Politaine family), hand numbers follow each other without a gap, and a match with hands
  keeps its game's family;
- no hand after the hand that ended the match (rules.MatchState.ends_early: four sevens, the
  target reached by a leader, time called and a hand played), nor after the match's own state
  says it is over (a forfeit); and no change of a hand, the target or the time called that
  would leave one;
- only the last hand is taken out: each hand names the hand it follows (Hand.follows, kept
  here), a foreign key checked at commit, so a hand goes only with the hands after it (the
  last alone, or a whole match, even a whole table, in any order); and none is moved to
  another number or match but the last;
- the first dealer stays once a hand is played;
- on SQLite, whose columns take any value, integer columns hold integers only (typeof), as
  PostgreSQL's types make them.

SQLite rebuilds a table to alter it, and the rebuild neither keeps the triggers on that table
nor tolerates triggers that name it: a migration that alters scoring_match or scoring_hand
runs `drop` first and `create` last (see 0004).
"""

from scoring import rules

POSTGRESQL = [
    """
    CREATE OR REPLACE FUNCTION scoring_hand_fits_match() RETURNS trigger AS $$
    DECLARE game varchar;
    BEGIN
        SELECT variant INTO game FROM scoring_match WHERE id = NEW.match_id;
        IF (game = 'quadrette') <> (NEW.tricks_a IS NOT NULL) THEN
            RAISE EXCEPTION 'hand % does not fit the game of match %', NEW.number, NEW.match_id
                USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.number > 1 AND NOT EXISTS (
            SELECT 1 FROM scoring_hand WHERE match_id = NEW.match_id AND number = NEW.number - 1
        ) THEN
            RAISE EXCEPTION 'hand % of match % has no hand before it', NEW.number, NEW.match_id
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER scoring_hand_fits_match BEFORE INSERT OR UPDATE ON scoring_hand
    FOR EACH ROW EXECUTE FUNCTION scoring_hand_fits_match()
    """,
    """
    CREATE OR REPLACE FUNCTION scoring_match_keeps_its_game() RETURNS trigger AS $$
    BEGIN
        IF (OLD.variant = 'quadrette') <> (NEW.variant = 'quadrette')
           AND EXISTS (SELECT 1 FROM scoring_hand WHERE match_id = NEW.id) THEN
            RAISE EXCEPTION 'match % has hands: its game cannot change family', NEW.id
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER scoring_match_keeps_its_game BEFORE UPDATE OF variant ON scoring_match
    FOR EACH ROW EXECUTE FUNCTION scoring_match_keeps_its_game()
    """,
]
POSTGRESQL_REVERSE = [
    "DROP TRIGGER IF EXISTS scoring_hand_fits_match ON scoring_hand",
    "DROP FUNCTION IF EXISTS scoring_hand_fits_match()",
    "DROP TRIGGER IF EXISTS scoring_match_keeps_its_game ON scoring_match",
    "DROP FUNCTION IF EXISTS scoring_match_keeps_its_game()",
]

_HAND_DOES_NOT_FIT = """
    WHEN ((SELECT variant FROM scoring_match WHERE id = NEW.match_id) = 'quadrette')
         <> (NEW.tricks_a IS NOT NULL)
      OR (NEW.number > 1 AND NOT EXISTS (
          SELECT 1 FROM scoring_hand WHERE match_id = NEW.match_id AND number = NEW.number - 1))
    BEGIN SELECT RAISE(ABORT, 'hand does not fit its match'); END
"""
SQLITE = [
    "CREATE TRIGGER scoring_hand_fits_match_insert BEFORE INSERT ON scoring_hand"
    + _HAND_DOES_NOT_FIT,
    "CREATE TRIGGER scoring_hand_fits_match_update BEFORE UPDATE ON scoring_hand"
    + _HAND_DOES_NOT_FIT,
    """
    CREATE TRIGGER scoring_match_keeps_its_game BEFORE UPDATE OF variant ON scoring_match
    WHEN (OLD.variant = 'quadrette') <> (NEW.variant = 'quadrette')
      AND EXISTS (SELECT 1 FROM scoring_hand WHERE match_id = NEW.id)
    BEGIN SELECT RAISE(ABORT, 'match has hands: its game cannot change family'); END
    """,
]
SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS scoring_hand_fits_match_insert",
    "DROP TRIGGER IF EXISTS scoring_hand_fits_match_update",
    "DROP TRIGGER IF EXISTS scoring_match_keeps_its_game",
]


def _ends_early(match_id: str) -> str:
    """SQL, true when the match `match_id` (an SQL expression) holds a hand after the one that
    ended it: rules.match_state's running totals, as a window over the match's hands."""
    return f"""EXISTS (
        SELECT 1 FROM (
            SELECT number, kind, MAX(number) OVER () AS last_number,
                   SUM(COALESCE(points_a, 0) + {rules.POLITAINE_BONUS} * politaines_a)
                       OVER (ORDER BY number) AS score_a,
                   SUM(COALESCE(points_b, 0) + {rules.POLITAINE_BONUS} * politaines_b)
                       OVER (ORDER BY number) AS score_b
            FROM scoring_hand WHERE match_id = {match_id}
        ) AS played JOIN scoring_match AS m ON m.id = {match_id}
        WHERE played.number < played.last_number AND (
            played.kind = '{rules.HandKind.FOUR_SEVENS.value}'
            OR played.score_a <> played.score_b
               AND (played.score_a >= m.target OR played.score_b >= m.target)
            OR m.time_called_after IS NOT NULL AND played.number > m.time_called_after
               AND played.score_a <> played.score_b))"""


# At a hand's insert the match's cached state is still the one before it (the services write
# the hand, then the state): a match that says it is over takes no more hands.
_MATCH_IS_OVER = (f"(SELECT status FROM scoring_match WHERE id = NEW.match_id) "
                  f"= '{rules.Status.FINISHED.value}'")
_LATER_HAND = ("EXISTS (SELECT 1 FROM scoring_hand WHERE match_id = OLD.match_id "
               "AND number > OLD.number)")
_HAS_HANDS = "EXISTS (SELECT 1 FROM scoring_hand WHERE match_id = NEW.id)"
# A result from paper after hands kept on a phone (rules.validate_paper_result's `so_far`):
# a team's total is never below what its hands already made.
_PAPER_BELOW_HANDS = f"""NEW.from_paper AND EXISTS (
        SELECT 1 FROM scoring_hand WHERE match_id = NEW.id GROUP BY match_id
        HAVING SUM(COALESCE(points_a, 0) + {rules.POLITAINE_BONUS} * politaines_a) > NEW.score_a
            OR SUM(COALESCE(points_b, 0) + {rules.POLITAINE_BONUS} * politaines_b)
               > NEW.score_b)"""


def _pg_refusal(name: str, condition: str, message: str) -> str:
    return f"""
    CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$
    BEGIN
        IF {condition} THEN
            RAISE EXCEPTION '{message}' USING ERRCODE = 'check_violation';
        END IF;
        RETURN COALESCE(NEW, OLD);
    END $$ LANGUAGE plpgsql
    """


# (trigger, timing and event, condition, message): the same rules in both dialects.
HELD_RULES = [
    ("scoring_hand_not_after_the_end", "AFTER INSERT ON scoring_hand",
     f"{_MATCH_IS_OVER} OR {_ends_early('NEW.match_id')}",
     "no hand after the hand that ended the match"),
    ("scoring_hand_change_keeps_the_end_last", "AFTER UPDATE ON scoring_hand",
     _ends_early("NEW.match_id"), "the match would end before its last hand"),
    ("scoring_match_change_keeps_the_end_last",
     "AFTER UPDATE OF target, time_called_after ON scoring_match", _ends_early("NEW.id"),
     "the match would end before its last hand"),
    ("scoring_hand_only_the_last_moves", "BEFORE UPDATE OF match_id, number ON scoring_hand",
     f"(NEW.match_id <> OLD.match_id OR NEW.number <> OLD.number) AND {_LATER_HAND}",
     "only the last hand of a match can be taken out"),
    ("scoring_match_keeps_its_first_dealer", "BEFORE UPDATE OF first_dealer ON scoring_match",
     f"NEW.first_dealer <> OLD.first_dealer AND {_HAS_HANDS}",
     "the first dealer cannot change once a hand is played"),
]
for _name, _when, _condition, _message in HELD_RULES:
    POSTGRESQL += [
        _pg_refusal(_name, _condition, _message),
        f"CREATE TRIGGER {_name} {_when} FOR EACH ROW EXECUTE FUNCTION {_name}()",
    ]
    POSTGRESQL_REVERSE += [f"DROP TRIGGER IF EXISTS {_name} ON {_when.split()[-1]}",
                           f"DROP FUNCTION IF EXISTS {_name}()"]
    SQLITE.append(f"CREATE TRIGGER {_name} {_when} WHEN {_condition} "
                  f"BEGIN SELECT RAISE(ABORT, '{_message}'); END")
    SQLITE_REVERSE.append(f"DROP TRIGGER IF EXISTS {_name}")

# From migration 0012 (Match.from_paper exists from 0009): a result from paper after hands.
_PAPER = ("scoring_paper_result_not_below_the_hands",
          "AFTER UPDATE OF from_paper, score_a, score_b ON scoring_match", _PAPER_BELOW_HANDS,
          "a result from paper is never below the score of the hands before it")
PAPER_POSTGRESQL = [_pg_refusal(_PAPER[0], _PAPER[2], _PAPER[3]),
                    f"CREATE TRIGGER {_PAPER[0]} {_PAPER[1]} FOR EACH ROW "
                    f"EXECUTE FUNCTION {_PAPER[0]}()"]
POSTGRESQL_REVERSE += [f"DROP TRIGGER IF EXISTS {_PAPER[0]} ON scoring_match",
                       f"DROP FUNCTION IF EXISTS {_PAPER[0]}()"]
PAPER_SQLITE = [f"CREATE TRIGGER {_PAPER[0]} {_PAPER[1]} WHEN {_PAPER[2]} "
                f"BEGIN SELECT RAISE(ABORT, '{_PAPER[3]}'); END"]
SQLITE_REVERSE.append(f"DROP TRIGGER IF EXISTS {_PAPER[0]}")

# Hand.follows is the database's to write: the id of the hand numbered one less in the match.
_PREVIOUS = ("(SELECT id FROM scoring_hand WHERE match_id = NEW.match_id "
             "AND number = NEW.number - 1)")
FOLLOWS_POSTGRESQL = [
    f"""
    CREATE OR REPLACE FUNCTION scoring_hand_follows() RETURNS trigger AS $$
    BEGIN
        NEW.follows_id := {_PREVIOUS};
        RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER scoring_hand_follows BEFORE INSERT OR UPDATE ON scoring_hand
    FOR EACH ROW EXECUTE FUNCTION scoring_hand_follows()
    """,
]
POSTGRESQL_REVERSE += ["DROP TRIGGER IF EXISTS scoring_hand_follows ON scoring_hand",
                       "DROP FUNCTION IF EXISTS scoring_hand_follows()"]
# SQLite's triggers cannot change NEW: the row is set right after it is written.
FOLLOWS_SQLITE = [
    f"""
    CREATE TRIGGER scoring_hand_follows_{event.lower()} AFTER {event} ON scoring_hand
    WHEN NEW.follows_id IS NOT {_PREVIOUS}
    BEGIN UPDATE scoring_hand SET follows_id = {_PREVIOUS} WHERE id = NEW.id; END
    """
    for event in ("INSERT", "UPDATE")
]
SQLITE_REVERSE += ["DROP TRIGGER IF EXISTS scoring_hand_follows_insert",
                   "DROP TRIGGER IF EXISTS scoring_hand_follows_update"]


def _has_follows(apps) -> bool:
    """Hand.follows exists from migration 0005: earlier migrations make no trigger for it."""
    return any(f.name == "follows" for f in apps.get_model("scoring", "Hand")._meta.fields)


# SQLite's integer columns store whatever they are given (5.5, "five") unless told not to.
INTEGER_FIELDS = {"SmallIntegerField", "IntegerField", "BigIntegerField",
                  "PositiveSmallIntegerField", "PositiveIntegerField", "PositiveBigIntegerField"}
WHOLE_NUMBER_TABLES = {"Hand": "scoring_hand", "Match": "scoring_match"}


def _sqlite_whole_numbers(apps) -> list[str]:
    """For each table, triggers that refuse a non-integer in an integer column: the columns
    of the models as the migration being run knows them."""
    statements = []
    for model_name, table in WHOLE_NUMBER_TABLES.items():
        fields = apps.get_model("scoring", model_name)._meta.concrete_fields
        columns = [f.column for f in fields if f.get_internal_type() in INTEGER_FIELDS]
        not_whole = " OR ".join(f"typeof(NEW.{column}) NOT IN ('integer', 'null')"
                                for column in columns)
        for event in ("INSERT", "UPDATE"):
            statements.append(
                f"CREATE TRIGGER {table}_whole_numbers_{event.lower()} BEFORE {event} ON {table} "
                f"WHEN {not_whole} BEGIN SELECT RAISE(ABORT, 'whole numbers only'); END")
    return statements


SQLITE_REVERSE += [f"DROP TRIGGER IF EXISTS {table}_whole_numbers_{event}"
                   for table in WHOLE_NUMBER_TABLES.values() for event in ("insert", "update")]


def _run(schema_editor, statements_by_vendor):
    for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement, params=None)


def _holds_paper_after_hands(apps) -> bool:
    """The paper result's trigger exists from migration 0012 (its constraint's new name)."""
    return not any(c.name == "match_paper_result_is_final_and_has_no_hand"
                   for c in apps.get_model("scoring", "Match")._meta.constraints) and any(
        f.name == "from_paper" for f in apps.get_model("scoring", "Match")._meta.fields)


def create(apps, schema_editor):
    follows, paper = _has_follows(apps), _holds_paper_after_hands(apps)
    _run(schema_editor, {
        "postgresql": POSTGRESQL + (FOLLOWS_POSTGRESQL if follows else [])
        + (PAPER_POSTGRESQL if paper else []),
        "sqlite": SQLITE + (FOLLOWS_SQLITE if follows else []) + _sqlite_whole_numbers(apps)
        + (PAPER_SQLITE if paper else []),
    })


def fill_follows(apps, schema_editor):
    """Hand.follows of the hands already played."""
    schema_editor.execute(
        "UPDATE scoring_hand SET follows_id = (SELECT previous.id FROM scoring_hand AS previous "
        "WHERE previous.match_id = scoring_hand.match_id "
        "AND previous.number = scoring_hand.number - 1)", params=None)


def drop(apps, schema_editor):
    _run(schema_editor, {"postgresql": POSTGRESQL_REVERSE, "sqlite": SQLITE_REVERSE})
