CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text NOT NULL,
	`result` text,
	`error` text,
	`ran_by` text NOT NULL
);
--> statement-breakpoint
-- hand-written:
-- The low-stock digest's settings (group `store`) for a shop that is upgraded rather than seeded: the
-- seed writes the same rows (db/seed/data/settings.ts) and, like this, never overwrites a value.
INSERT INTO `settings` (`key`, `value`, `type`, `group`, `is_public`, `description`) VALUES
	('low_stock_threshold', '5', 'number', 'store', 0, 'Stock level at or below which a product counts as low in stock.'),
	('low_stock_digest', 'true', 'boolean', 'store', 0, 'Each morning, one email to the shop''s contact address lists the products and variants at or under the low stock threshold (none when nothing is low).')
ON CONFLICT DO NOTHING;
