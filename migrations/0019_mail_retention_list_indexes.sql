DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE INDEX `products_list_created_idx` ON `products` (`is_active`,`is_addon`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_list_name_idx` ON `products` (`is_active`,`is_addon`,`name`);--> statement-breakpoint
CREATE INDEX `products_list_price_idx` ON `products` (`is_active`,`is_addon`,`unit_price_cents`);--> statement-breakpoint
CREATE INDEX `products_list_sold_idx` ON `products` (`is_active`,`is_addon`,`sold_count`);--> statement-breakpoint
CREATE INDEX `products_category_list_idx` ON `products` (`category_id`,`is_active`,`is_addon`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category_id`,`is_active`,`is_addon`,`unit_price_cents`);--> statement-breakpoint
CREATE INDEX `products_updated_idx` ON `products` (`is_active`,`updated_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `body_removed_at` integer;--> statement-breakpoint
CREATE INDEX `mail_outbox_body_kept_idx` ON `mail_outbox` (`status`,`sent_at`) WHERE "mail_outbox"."status" = 'sent' AND "mail_outbox"."body_removed_at" IS NULL;--> statement-breakpoint
-- hand-written:
-- The retention setting (group `store`) for a shop that is upgraded rather than seeded: the seed
-- writes the same row (db/seed/data/settings.ts) and, like this, never overwrites a value.
INSERT INTO `settings` (`key`, `value`, `type`, `group`, `is_public`, `description`) VALUES
	('mail_body_retention_days', '30', 'number', 'store', 0, 'A sent email''s body (its text, HTML, headers and links) is removed this many days after it was sent; its address, subject, template, status and dates stay. Failed and waiting emails keep theirs.')
ON CONFLICT DO NOTHING;
