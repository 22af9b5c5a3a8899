ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `password_set` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `users` SET `password_set` = false, `email_verified_at` = `created_at` WHERE EXISTS (SELECT 1 FROM `user_identities` WHERE `user_identities`.`user_id` = `users`.`id` AND `user_identities`.`created_at` = `users`.`created_at`) AND NOT EXISTS (SELECT 1 FROM `password_resets` WHERE `password_resets`.`user_id` = `users`.`id` AND `password_resets`.`used_at` IS NOT NULL);--> statement-breakpoint
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `email_verified_at` IS NULL AND EXISTS (SELECT 1 FROM `user_identities` WHERE `user_identities`.`user_id` = `users`.`id` AND `user_identities`.`created_at` = `users`.`created_at`);--> statement-breakpoint
UPDATE `users` SET `email_verified_at` = unixepoch() WHERE `email` IN ('owner@twistbloom.test', 'admin@twistbloom.test', 'customer@twistbloom.test');
