-- TRF round trip (issue 19)
-- The 001 line of an imported TRF as read, so that export writes back every column the
-- arbiter has not changed in arbitro (ratings written as 0, ids, title alignment, the
-- form of byes and absences) and a rating officer gets the file's fields unchanged.
ALTER TABLE trf_players ADD COLUMN line TEXT NOT NULL DEFAULT '';
