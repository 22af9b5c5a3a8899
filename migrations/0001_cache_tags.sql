CREATE TABLE `cache_tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cache_tags_changed_idx` ON `cache_tags` (`changed_at`);