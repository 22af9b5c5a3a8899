DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE INDEX `products_list_created_idx` ON `products` (`is_active`,`is_addon`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_list_name_idx` ON `products` (`is_active`,`is_addon`,`name`);--> statement-breakpoint
CREATE INDEX `products_list_price_idx` ON `products` (`is_active`,`is_addon`,`unit_price_cents`);--> statement-breakpoint
CREATE INDEX `products_list_sold_idx` ON `products` (`is_active`,`is_addon`,`sold_count`);--> statement-breakpoint
CREATE INDEX `products_category_list_idx` ON `products` (`category_id`,`is_active`,`is_addon`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category_id`,`is_active`,`is_addon`,`unit_price_cents`);--> statement-breakpoint
CREATE INDEX `products_updated_idx` ON `products` (`is_active`,`updated_at`);