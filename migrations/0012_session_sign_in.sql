ALTER TABLE `sessions` ADD `signed_in_at` integer;
--> statement-breakpoint
UPDATE `sessions` SET `signed_in_at` = `created_at` WHERE `signed_in_at` IS NULL;
