-- Who keeps the electronic score sheet (issue 31, docs/hall.md), an event's hall setting:
-- 'any' (each player may keep his own, or one keeps it for both: the default, as before),
-- 'both' (each keeps his own), 'white' or 'black' (that player keeps it for both).
ALTER TABLE hall_settings ADD COLUMN sheets TEXT NOT NULL DEFAULT 'any' CHECK (sheets IN ('any', 'both', 'white', 'black'));
