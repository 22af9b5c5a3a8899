-- hand-written: staff search with prefix indexes (docs/decisions/031-staff.md, "Prefixes").
-- An email's last word is read as a prefix while staff type ("olivia.398851@example.ne"): without a
-- prefix index FTS5 merges the rows of every word that starts with it, and the words of addresses'
-- domains ("net", "com", "example") are in most rows: 2 to 7 ms a search over 200,000 orders. With
-- prefix indexes of 1 to 3 characters those prefixes are read like a word (0.1 ms). FTS5 cannot
-- change a table's options, so both indexes are made again from their sources; the triggers of
-- migration 0018 name the tables and keep working.
DROP TABLE `order_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `order_search` USING fts5(`number`, `email`, `names`, tokenize = 'unicode61', prefix = '1 2 3');
--> statement-breakpoint
INSERT INTO `order_search` (`rowid`, `number`, `email`, `names`) SELECT `id`, `number`, `email`, `names` FROM `order_search_source`;
--> statement-breakpoint
DROP TABLE `user_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `user_search` USING fts5(`name`, `email`, tokenize = 'unicode61', prefix = '1 2 3');
--> statement-breakpoint
INSERT INTO `user_search` (`rowid`, `name`, `email`) SELECT `id`, `name`, `email` FROM `users`;
