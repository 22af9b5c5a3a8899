CREATE TABLE `mail_suppressions` (
	`email` text NOT NULL,
	`topic` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`email`, `topic`)
);
--> statement-breakpoint
CREATE TABLE `occasions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`month` integer NOT NULL,
	`day` integer NOT NULL,
	`year` integer,
	`repeats` text NOT NULL,
	`reminded_for` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "occasions_month_check" CHECK("occasions"."month" BETWEEN 1 AND 12),
	CONSTRAINT "occasions_day_check" CHECK("occasions"."day" BETWEEN 1 AND 31),
	CONSTRAINT "occasions_year_check" CHECK(("occasions"."repeats" = 'once' AND "occasions"."year" IS NOT NULL) OR ("occasions"."repeats" = 'yearly' AND "occasions"."year" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `occasions_user_idx` ON `occasions` (`user_id`,`month`,`day`);--> statement-breakpoint
CREATE INDEX `occasions_date_idx` ON `occasions` (`month`,`day`);--> statement-breakpoint
CREATE TABLE `saved_carts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`lines` text NOT NULL,
	`updated_at` integer NOT NULL,
	`reminded_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_carts_due_idx` ON `saved_carts` (`updated_at`) WHERE "saved_carts"."reminded_at" IS NULL;--> statement-breakpoint
CREATE TABLE `stock_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_live_unique` ON `stock_alerts` (`email`,`variant_id`) WHERE "stock_alerts"."status" IN ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_token_unique` ON `stock_alerts` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `stock_alerts_active_idx` ON `stock_alerts` (`variant_id`) WHERE "stock_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX `stock_alerts_product_idx` ON `stock_alerts` (`product_id`,`status`);--> statement-breakpoint
-- hand-written:
-- The return mails' switches ("back in stock" is a feature: its form shows on the product page,
-- so the page reads it with the public settings) and the occasion reminder's lead time, for a shop that
-- is upgraded rather than seeded: the seed writes the same rows (db/seed/data/settings.ts) and,
-- like this, never overwrites a value.
INSERT INTO `settings` (`key`, `value`, `type`, `group`, `is_public`, `description`) VALUES
	('feature_back_in_stock', 'true', 'boolean', 'features', 1, 'Shoppers may ask on a sold-out product''s page to be emailed once when it is back in stock.'),
	('cart_reminder_mail', 'true', 'boolean', 'store', 0, 'A signed-in shopper who leaves a cart gets one reminder 24 hours after it last changed, unless they ordered since.'),
	('occasion_reminder_mail', 'true', 'boolean', 'store', 0, 'Shoppers may save occasions on their profile and get a reminder before each.'),
	('occasion_reminder_days', '7', 'number', 'store', 0, 'How many days before an occasion its reminder is emailed.')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The digest now goes to the notifications email (`admin_email`), as the new-order mail does.
UPDATE `settings` SET `description` = 'Each morning, one email to the notifications email (else the contact email) lists the products and variants at or under the low stock threshold (none when nothing is low).'
WHERE `key` = 'low_stock_digest' AND `description` = 'Each morning, one email to the shop''s contact address lists the products and variants at or under the low stock threshold (none when nothing is low).';
