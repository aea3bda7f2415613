"""Triggers for what a CHECK on one row cannot see: a hand fits its match's game (tricks in
La Quadrette, card points or four sevens in the Politaine family), hand numbers follow each
other without a gap, and a match with hands keeps its game's family.

SQLite rebuilds a table to alter it, and the rebuild neither keeps the triggers on that table
nor tolerates triggers that name it: a migration that alters scoring_match or scoring_hand
runs `drop` first and `create` last (see 0004).
"""

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




def _run(schema_editor, statements_by_vendor):
    for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement, params=None)


def create(apps, schema_editor):
    _run(schema_editor, {"postgresql": POSTGRESQL, "sqlite": SQLITE})


def drop(apps, schema_editor):
    _run(schema_editor, {"postgresql": POSTGRESQL_REVERSE, "sqlite": SQLITE_REVERSE})
