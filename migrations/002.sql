-- Schema version 2. Each topic of the session appends its statements under its own header.

-- language of the sheets; round date and start time (issue 16)
ALTER TABLE tournaments ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('it', 'en', 'fr', 'nl'));
UPDATE tournaments SET lang = 'it' WHERE variant = 'italian';
ALTER TABLE rounds ADD COLUMN play_date TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN start_time TEXT NOT NULL DEFAULT '';
