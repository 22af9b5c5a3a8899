CREATE TABLE `product_option_values` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`option_id` integer NOT NULL,
	`value` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`option_id`) REFERENCES `product_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_option_values_option_position_unique` ON `product_option_values` (`option_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_option_values_option_value_unique` ON `product_option_values` (`option_id`,`value`);--> statement-breakpoint
CREATE TABLE `product_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_options_product_position_unique` ON `product_options` (`product_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_options_product_name_unique` ON `product_options` (`product_id`,`name`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`sku` text NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`price_cents` integer NOT NULL,
	`sale_price_cents` integer,
	`unit_price_cents` integer GENERATED ALWAYS AS (CASE WHEN sale_price_cents IS NOT NULL AND sale_price_cents < price_cents THEN sale_price_cents ELSE price_cents END) VIRTUAL,
	`stock` integer DEFAULT 0 NOT NULL,
	`image` text,
	`weight_grams` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_variants_price_check" CHECK("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_sale_price_check" CHECK("product_variants"."sale_price_cents" IS NULL OR "product_variants"."sale_price_cents" >= 0),
	CONSTRAINT "product_variants_stock_check" CHECK("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_sku_unique` ON `product_variants` (`sku`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_product_options_unique` ON `product_variants` (`product_id`,`options`);--> statement-breakpoint
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`,`is_active`,`position`);--> statement-breakpoint
CREATE INDEX `product_variants_stock_idx` ON `product_variants` (`is_active`,`stock`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_id` integer REFERENCES product_variants(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `order_items` ADD `variant_options` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `price_max_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `is_addon` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `products_addon_idx` ON `products` (`is_addon`,`is_active`);--> statement-breakpoint
-- Every product becomes one implicit variant carrying its SKU, prices, stock and weight; its image stays the product's.
INSERT INTO `product_variants` (`product_id`, `sku`, `options`, `price_cents`, `sale_price_cents`, `stock`, `weight_grams`, `is_active`, `position`)
SELECT `id`, `sku`, '{}', `price_cents`, `sale_price_cents`, `stock`, `weight_grams`, 1, 0 FROM `products`;
--> statement-breakpoint
UPDATE `products` SET `price_max_cents` = `unit_price_cents`;
--> statement-breakpoint
-- Past orders keep their lines: each points at the variant it sold.
UPDATE `order_items` SET `variant_id` = (SELECT v.`id` FROM `product_variants` v WHERE v.`product_id` = `order_items`.`product_id` AND v.`options` = '{}') WHERE `product_id` IS NOT NULL;
--> statement-breakpoint
-- A product inserted without variants gets its implicit one, from its own figures.
CREATE TRIGGER `products_implicit_variant` AFTER INSERT ON `products`
WHEN NOT EXISTS (SELECT 1 FROM `product_variants` WHERE `product_id` = NEW.`id`)
BEGIN
  INSERT INTO `product_variants` (`product_id`, `sku`, `options`, `price_cents`, `sale_price_cents`, `stock`, `weight_grams`)
  VALUES (NEW.`id`, NEW.`sku`, '{}', NEW.`price_cents`, NEW.`sale_price_cents`, NEW.`stock`, NEW.`weight_grams`);
END;
--> statement-breakpoint
-- A product without options: a change of its own figures is a change of its implicit variant. Only
-- when they differ, so the summary trigger below writing the same figures back ends here.
CREATE TRIGGER `products_implicit_variant_sync` AFTER UPDATE OF `sku`, `price_cents`, `sale_price_cents`, `stock`, `weight_grams` ON `products`
WHEN NOT EXISTS (SELECT 1 FROM `product_options` WHERE `product_id` = NEW.`id`)
BEGIN
  UPDATE `product_variants`
  SET `sku` = NEW.`sku`, `price_cents` = NEW.`price_cents`, `sale_price_cents` = NEW.`sale_price_cents`, `stock` = NEW.`stock`, `weight_grams` = NEW.`weight_grams`
  WHERE `product_id` = NEW.`id` AND `options` = '{}'
    AND (`sku` IS NOT NEW.`sku` OR `price_cents` IS NOT NEW.`price_cents` OR `sale_price_cents` IS NOT NEW.`sale_price_cents` OR `stock` IS NOT NEW.`stock` OR `weight_grams` IS NOT NEW.`weight_grams`);
END;
--> statement-breakpoint
-- The product's price, sale price and stock are its variants' summary (see db/schema.ts): those of
-- the active variant with the lowest unit price, the sum of the active variants' stock and their
-- highest unit price; a product with no active variant keeps its prices and has no stock.
CREATE VIEW `product_variant_summary` AS
SELECT p.`id` AS `product_id`,
  coalesce(c.`price_cents`, p.`price_cents`) AS `price_cents`,
  CASE WHEN c.`id` IS NULL THEN p.`sale_price_cents` ELSE c.`sale_price_cents` END AS `sale_price_cents`,
  (SELECT coalesce(sum(v.`stock`), 0) FROM `product_variants` v WHERE v.`product_id` = p.`id` AND v.`is_active` = 1) AS `stock`,
  coalesce((SELECT max(v.`unit_price_cents`) FROM `product_variants` v WHERE v.`product_id` = p.`id` AND v.`is_active` = 1), p.`price_max_cents`) AS `price_max_cents`
FROM `products` p
LEFT JOIN `product_variants` c ON c.`id` = (
  SELECT v.`id` FROM `product_variants` v WHERE v.`product_id` = p.`id` AND v.`is_active` = 1
  ORDER BY v.`unit_price_cents`, v.`position`, v.`id` LIMIT 1
);
--> statement-breakpoint
CREATE TRIGGER `product_variants_summary_insert` AFTER INSERT ON `product_variants`
BEGIN
  UPDATE `products` SET (`price_cents`, `sale_price_cents`, `stock`, `price_max_cents`) =
    (SELECT `price_cents`, `sale_price_cents`, `stock`, `price_max_cents` FROM `product_variant_summary` s WHERE s.`product_id` = `products`.`id`)
  WHERE `id` = NEW.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_summary_update` AFTER UPDATE OF `price_cents`, `sale_price_cents`, `stock`, `is_active` ON `product_variants`
BEGIN
  UPDATE `products` SET (`price_cents`, `sale_price_cents`, `stock`, `price_max_cents`) =
    (SELECT `price_cents`, `sale_price_cents`, `stock`, `price_max_cents` FROM `product_variant_summary` s WHERE s.`product_id` = `products`.`id`)
  WHERE `id` = NEW.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_summary_delete` AFTER DELETE ON `product_variants`
BEGIN
  UPDATE `products` SET (`price_cents`, `sale_price_cents`, `stock`, `price_max_cents`) =
    (SELECT `price_cents`, `sale_price_cents`, `stock`, `price_max_cents` FROM `product_variant_summary` s WHERE s.`product_id` = `products`.`id`)
  WHERE `id` = OLD.`product_id`;
END;
