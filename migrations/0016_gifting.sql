CREATE TABLE `invoice_counters` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `saved_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`fingerprint` text NOT NULL,
	`last_used_at` integer DEFAULT (unixepoch()) NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_recipients_user_fingerprint_unique` ON `saved_recipients` (`user_id`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `saved_recipients_user_idx` ON `saved_recipients` (`user_id`,`last_used_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `is_gift` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_message` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_hide_prices` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_number` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);--> statement-breakpoint
CREATE INDEX `orders_delivery_idx` ON `orders` (`delivery_date`,`status`);--> statement-breakpoint
-- Every order placed before invoices has its number: sequential per year (UTC) in the order it was placed.
UPDATE `orders` SET `invoice_number` = `numbered`.`number` FROM (
	SELECT `id`, 'INV-' || strftime('%Y', `created_at`, 'unixepoch') || '-' || printf('%06d', row_number() OVER (PARTITION BY strftime('%Y', `created_at`, 'unixepoch') ORDER BY `created_at`, `id`)) AS `number`
	FROM `orders`
) AS `numbered` WHERE `orders`.`id` = `numbered`.`id` AND `orders`.`invoice_number` IS NULL;
--> statement-breakpoint
INSERT INTO `invoice_counters` (`year`, `last`)
	SELECT CAST(strftime('%Y', `created_at`, 'unixepoch') AS integer), count(*) FROM `orders` GROUP BY 1;
--> statement-breakpoint
-- The delivery settings (group `delivery`) for a shop that is upgraded rather than seeded: the seed
-- writes the same rows (db/seed/data/settings.ts) and, like this, never overwrites a value.
INSERT INTO `settings` (`key`, `value`, `type`, `group`, `is_public`, `description`) VALUES
	('delivery_time_zone', 'Asia/Colombo', 'string', 'delivery', 1, 'The shop''s time zone (an IANA name such as Asia/Colombo): today, the cutoff and every delivery date are counted in it.'),
	('delivery_lead_days', '2', 'number', 'delivery', 1, 'The earliest delivery date is today plus this many days (0: same day).'),
	('delivery_cutoff', '', 'string', 'delivery', 1, 'An order placed at or after this time of day (such as 13:00) counts from tomorrow. Empty: no cutoff.'),
	('delivery_closed_weekdays', '["Sunday"]', 'json', 'delivery', 1, 'The days of the week we do not deliver.'),
	('delivery_closed_dates', '[]', 'json', 'delivery', 1, 'Dates we do not deliver (holidays), one per line as YYYY-MM-DD.'),
	('delivery_max_per_day', '40', 'number', 'delivery', 1, 'Orders (not cancelled) a day can take; a day with that many is full. 0: no cap.'),
	('delivery_horizon_days', '60', 'number', 'delivery', 1, 'The latest delivery date is today plus this many days, included.')
ON CONFLICT DO NOTHING;
