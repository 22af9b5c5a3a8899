CREATE TABLE `daily_customer_figures` (
	`day` text PRIMARY KEY NOT NULL,
	`customers` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_order_figures` (
	`day` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`orders` integer NOT NULL,
	`total_cents` integer NOT NULL,
	PRIMARY KEY(`day`, `status`, `payment_status`)
);
--> statement-breakpoint
-- hand-written:
-- Staff search (docs/decisions/031-staff.md): full-text indexes of the orders (number, email, the
-- account's and the addresses' names), the users (name, email) and the products (name, SKU), each
-- row's rowid the id of what it indexes, kept by the triggers below in the statement of each write.
CREATE VIEW `order_search_source` AS
SELECT o.`id`, o.`user_id`, o.`order_number` AS `number`, o.`email`,
  trim(coalesce(u.`name`, '')
    || ' ' || CASE WHEN json_valid(o.`shipping_address`) THEN coalesce(json_extract(o.`shipping_address`, '$.firstName'), '') || ' ' || coalesce(json_extract(o.`shipping_address`, '$.lastName'), '') ELSE '' END
    || ' ' || CASE WHEN json_valid(o.`billing_address`) THEN coalesce(json_extract(o.`billing_address`, '$.firstName'), '') || ' ' || coalesce(json_extract(o.`billing_address`, '$.lastName'), '') ELSE '' END
  ) AS `names`
FROM `orders` o LEFT JOIN `users` u ON u.`id` = o.`user_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `order_search` USING fts5(`number`, `email`, `names`, tokenize = 'unicode61');
--> statement-breakpoint
CREATE VIRTUAL TABLE `user_search` USING fts5(`name`, `email`, tokenize = 'unicode61');
--> statement-breakpoint
CREATE VIRTUAL TABLE `product_staff_search` USING fts5(`name`, `sku`, tokenize = 'unicode61');
--> statement-breakpoint
INSERT INTO `order_search` (`rowid`, `number`, `email`, `names`) SELECT `id`, `number`, `email`, `names` FROM `order_search_source`;
--> statement-breakpoint
INSERT INTO `user_search` (`rowid`, `name`, `email`) SELECT `id`, `name`, `email` FROM `users`;
--> statement-breakpoint
INSERT INTO `product_staff_search` (`rowid`, `name`, `sku`) SELECT `id`, `name`, `sku` FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `order_search_insert` AFTER INSERT ON `orders`
BEGIN
  INSERT INTO `order_search` (`rowid`, `number`, `email`, `names`) SELECT `id`, `number`, `email`, `names` FROM `order_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_search_update` AFTER UPDATE OF `order_number`, `email`, `user_id`, `shipping_address`, `billing_address` ON `orders`
BEGIN
  DELETE FROM `order_search` WHERE `rowid` = OLD.`id`;
  INSERT INTO `order_search` (`rowid`, `number`, `email`, `names`) SELECT `id`, `number`, `email`, `names` FROM `order_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_search_delete` AFTER DELETE ON `orders`
BEGIN
  DELETE FROM `order_search` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
-- A renamed account: its orders are found by the new name.
CREATE TRIGGER `order_search_user_rename` AFTER UPDATE OF `name` ON `users`
WHEN OLD.`name` IS NOT NEW.`name`
BEGIN
  DELETE FROM `order_search` WHERE `rowid` IN (SELECT `id` FROM `orders` WHERE `user_id` = NEW.`id`);
  INSERT INTO `order_search` (`rowid`, `number`, `email`, `names`) SELECT `id`, `number`, `email`, `names` FROM `order_search_source` WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `user_search_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `user_search` (`rowid`, `name`, `email`) VALUES (NEW.`id`, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `user_search_update` AFTER UPDATE OF `name`, `email` ON `users`
BEGIN
  DELETE FROM `user_search` WHERE `rowid` = OLD.`id`;
  INSERT INTO `user_search` (`rowid`, `name`, `email`) VALUES (NEW.`id`, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `user_search_delete` AFTER DELETE ON `users`
BEGIN
  DELETE FROM `user_search` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_staff_search_insert` AFTER INSERT ON `products`
BEGIN
  INSERT INTO `product_staff_search` (`rowid`, `name`, `sku`) VALUES (NEW.`id`, NEW.`name`, NEW.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_staff_search_update` AFTER UPDATE OF `name`, `sku` ON `products`
BEGIN
  DELETE FROM `product_staff_search` WHERE `rowid` = OLD.`id`;
  INSERT INTO `product_staff_search` (`rowid`, `name`, `sku`) VALUES (NEW.`id`, NEW.`name`, NEW.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_staff_search_delete` AFTER DELETE ON `products`
BEGIN
  DELETE FROM `product_staff_search` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
-- The dashboard's figures (docs/decisions/031-staff.md), filled from the rows there are (as
-- `npm run db:stats-rebuild` does, db/daily-figures.ts), then kept by triggers.
INSERT INTO `daily_order_figures` (`day`, `status`, `payment_status`, `orders`, `total_cents`)
SELECT date(`created_at`, 'unixepoch'), `status`, `payment_status`, count(*), sum(`total_cents`) FROM `orders` GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `daily_customer_figures` (`day`, `customers`)
SELECT date(u.`created_at`, 'unixepoch'), count(*) FROM `users` u
JOIN `user_roles` ur ON ur.`user_id` = u.`id` JOIN `roles` r ON r.`id` = ur.`role_id`
WHERE r.`name` = 'customer' GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `daily_order_figures_insert` AFTER INSERT ON `orders`
BEGIN
  INSERT INTO `daily_order_figures` (`day`, `status`, `payment_status`, `orders`, `total_cents`)
  VALUES (date(NEW.`created_at`, 'unixepoch'), NEW.`status`, NEW.`payment_status`, 1, NEW.`total_cents`)
  ON CONFLICT (`day`, `status`, `payment_status`) DO UPDATE SET `orders` = `orders` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_order_figures_update` AFTER UPDATE OF `status`, `payment_status`, `total_cents`, `created_at` ON `orders`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`payment_status` IS NOT NEW.`payment_status`
  OR OLD.`total_cents` IS NOT NEW.`total_cents` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  UPDATE `daily_order_figures` SET `orders` = `orders` - 1, `total_cents` = `total_cents` - OLD.`total_cents`
  WHERE `day` = date(OLD.`created_at`, 'unixepoch') AND `status` = OLD.`status` AND `payment_status` = OLD.`payment_status`;
  DELETE FROM `daily_order_figures`
  WHERE `day` = date(OLD.`created_at`, 'unixepoch') AND `status` = OLD.`status` AND `payment_status` = OLD.`payment_status` AND `orders` = 0;
  INSERT INTO `daily_order_figures` (`day`, `status`, `payment_status`, `orders`, `total_cents`)
  VALUES (date(NEW.`created_at`, 'unixepoch'), NEW.`status`, NEW.`payment_status`, 1, NEW.`total_cents`)
  ON CONFLICT (`day`, `status`, `payment_status`) DO UPDATE SET `orders` = `orders` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_order_figures_delete` AFTER DELETE ON `orders`
BEGIN
  UPDATE `daily_order_figures` SET `orders` = `orders` - 1, `total_cents` = `total_cents` - OLD.`total_cents`
  WHERE `day` = date(OLD.`created_at`, 'unixepoch') AND `status` = OLD.`status` AND `payment_status` = OLD.`payment_status`;
  DELETE FROM `daily_order_figures`
  WHERE `day` = date(OLD.`created_at`, 'unixepoch') AND `status` = OLD.`status` AND `payment_status` = OLD.`payment_status` AND `orders` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_customer_figures_insert` AFTER INSERT ON `user_roles`
WHEN NEW.`role_id` = (SELECT `id` FROM `roles` WHERE `name` = 'customer')
BEGIN
  INSERT INTO `daily_customer_figures` (`day`, `customers`)
  SELECT date(`created_at`, 'unixepoch'), 1 FROM `users` WHERE `id` = NEW.`user_id`
  ON CONFLICT (`day`) DO UPDATE SET `customers` = `customers` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `daily_customer_figures_delete` AFTER DELETE ON `user_roles`
WHEN OLD.`role_id` = (SELECT `id` FROM `roles` WHERE `name` = 'customer')
BEGIN
  UPDATE `daily_customer_figures` SET `customers` = `customers` - 1
  WHERE `day` = (SELECT date(`created_at`, 'unixepoch') FROM `users` WHERE `id` = OLD.`user_id`);
  DELETE FROM `daily_customer_figures` WHERE `customers` = 0;
END;
--> statement-breakpoint
-- A deleted user's roles go first, while the user is there to say the day they registered.
CREATE TRIGGER `daily_customer_figures_user_delete` BEFORE DELETE ON `users`
BEGIN
  DELETE FROM `user_roles` WHERE `user_id` = OLD.`id`;
END;
