-- Every mistake can be put right (issue 28)
-- The rounds of a round robin from the field at the lot: 0 when --rounds fixed them, 1 a
-- single round robin, 2 a double one; tournaments.rounds is set when the lot is drawn.
ALTER TABLE tournaments ADD COLUMN rr_cycles INTEGER NOT NULL DEFAULT 0 CHECK (rr_cycles IN (0, 1, 2));
-- The arbiter action an event belongs to (the events one command wrote in its one
-- transaction): the id of the action's first event; 0 for the events written before
-- schema 4, each an action of its own. arbitro undo reverts one action.
ALTER TABLE events ADD COLUMN action_id INTEGER NOT NULL DEFAULT 0;
