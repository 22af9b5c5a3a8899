CREATE TABLE `blog_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_categories_slug_unique` ON `blog_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `blog_category_links` (
	`blog_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `category_id`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `blog_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_category_links_category_idx` ON `blog_category_links` (`category_id`,`blog_id`);--> statement-breakpoint
CREATE TABLE `blog_likes` (
	`blog_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`blog_id`, `visitor_id`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blog_related_products` (
	`blog_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`blog_id`, `product_id`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blog_tags` (
	`blog_id` integer NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`blog_id`, `tag`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_tags_tag_idx` ON `blog_tags` (`tag`,`blog_id`);--> statement-breakpoint
CREATE TABLE `blog_views` (
	`blog_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`blog_id`, `visitor_id`, `day`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blogs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`featured_image` text,
	`og_image` text,
	`difficulty` text DEFAULT 'beginner' NOT NULL,
	`author_name` text NOT NULL,
	`author_avatar` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`reading_time` integer,
	`view_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`meta_title` text,
	`meta_description` text,
	`meta_keywords` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "blogs_counts_check" CHECK("blogs"."view_count" >= 0 AND "blogs"."like_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blogs_slug_unique` ON `blogs` (`slug`);--> statement-breakpoint
CREATE INDEX `blogs_published_idx` ON `blogs` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `blogs_views_idx` ON `blogs` (`status`,`view_count`);--> statement-breakpoint
CREATE INDEX `blogs_title_idx` ON `blogs` (`status`,`title`);--> statement-breakpoint
CREATE INDEX `blogs_difficulty_idx` ON `blogs` (`difficulty`,`status`);--> statement-breakpoint
CREATE INDEX `blogs_featured_idx` ON `blogs` (`is_featured`,`status`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text,
	`icon` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_sort_idx` ON `categories` (`sort_order`,`name`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`ip_address` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`min_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`max_discount_cents` integer,
	`usage_limit` integer,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`starts_at` integer,
	`expires_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK("coupons"."type" IN ('percentage', 'fixed')),
	CONSTRAINT "coupons_value_check" CHECK("coupons"."value" > 0 AND ("coupons"."type" <> 'percentage' OR "coupons"."value" <= 100)),
	CONSTRAINT "coupons_usage_check" CHECK("coupons"."usage_count" >= 0 AND ("coupons"."usage_limit" IS NULL OR "coupons"."usage_count" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `home_sections` (
	`key` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer,
	`product_name` text NOT NULL,
	`product_sku` text NOT NULL,
	`product_image` text,
	`quantity` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_items_quantity_check" CHECK("order_items"."quantity" >= 1 AND "order_items"."quantity" <= 99),
	CONSTRAINT "order_items_money_check" CHECK("order_items"."price_cents" >= 0 AND "order_items"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`user_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_method` text DEFAULT 'cash_on_delivery' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`email` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`coupon_id` integer,
	`coupon_code` text,
	`shipping_method_id` integer,
	`shipping_method_name` text,
	`shipping_address` text NOT NULL,
	`billing_address` text NOT NULL,
	`notes` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`shipping_method_id`) REFERENCES `shipping_methods`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_money_check" CHECK("orders"."subtotal_cents" >= 0 AND "orders"."shipping_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`order_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_colors` (
	`product_id` integer NOT NULL,
	`color` text NOT NULL,
	PRIMARY KEY(`product_id`, `color`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_colors_color_idx` ON `product_colors` (`color`,`product_id`);--> statement-breakpoint
CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`url` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_images_product_sort_unique` ON `product_images` (`product_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`sku` text NOT NULL,
	`short_description` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`sale_price_cents` integer,
	`unit_price_cents` integer GENERATED ALWAYS AS (CASE WHEN sale_price_cents IS NOT NULL AND sale_price_cents < price_cents THEN sale_price_cents ELSE price_cents END) VIRTUAL,
	`is_on_sale` integer GENERATED ALWAYS AS ((sale_price_cents IS NOT NULL AND sale_price_cents < price_cents)) VIRTUAL,
	`stock` integer DEFAULT 0 NOT NULL,
	`image` text,
	`is_featured` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sold_count` integer DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`review_average` real DEFAULT 0 NOT NULL,
	`weight_grams` integer,
	`dimensions` text,
	`meta_keywords` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "products_price_check" CHECK("products"."price_cents" >= 0),
	CONSTRAINT "products_sale_price_check" CHECK("products"."sale_price_cents" IS NULL OR "products"."sale_price_cents" >= 0),
	CONSTRAINT "products_stock_check" CHECK("products"."stock" >= 0),
	CONSTRAINT "products_sold_check" CHECK("products"."sold_count" >= 0),
	CONSTRAINT "products_review_check" CHECK("products"."review_average" >= 0 AND "products"."review_average" <= 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`,`is_active`);--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`is_active`,`name`);--> statement-breakpoint
CREATE INDEX `products_unit_price_idx` ON `products` (`is_active`,`unit_price_cents`);--> statement-breakpoint
CREATE INDEX `products_sold_idx` ON `products` (`is_active`,`sold_count`);--> statement-breakpoint
CREATE INDEX `products_featured_idx` ON `products` (`is_featured`,`is_active`);--> statement-breakpoint
CREATE INDEX `products_on_sale_idx` ON `products` (`is_on_sale`,`is_active`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`remember` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'string' NOT NULL,
	`group` text DEFAULT 'general' NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_key_unique` ON `settings` (`key`);--> statement-breakpoint
CREATE INDEX `settings_public_idx` ON `settings` (`is_public`,`group`);--> statement-breakpoint
CREATE TABLE `shipping_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`cost_cents` integer NOT NULL,
	`delivery_days_min` integer NOT NULL,
	`delivery_days_max` integer NOT NULL,
	`free_shipping_threshold_cents` integer,
	`countries` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_methods_cost_check" CHECK("shipping_methods"."cost_cents" >= 0),
	CONSTRAINT "shipping_methods_days_check" CHECK("shipping_methods"."delivery_days_min" >= 0 AND "shipping_methods"."delivery_days_max" >= "shipping_methods"."delivery_days_min")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_methods_code_unique` ON `shipping_methods` (`code`);--> statement-breakpoint
CREATE TABLE `tax_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country_code` text NOT NULL,
	`state_code` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`rate_bps` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK("tax_rates"."rate_bps" >= 0 AND "tax_rates"."rate_bps" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_rates_place_name_unique` ON `tax_rates` (`country_code`,`state_code`,`name`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`country` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);