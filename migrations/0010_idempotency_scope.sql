DROP INDEX `orders_idempotency_unique`;--> statement-breakpoint
ALTER TABLE `orders` ADD `idempotency_scope` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_scope_unique` ON `orders` (`idempotency_scope`,`idempotency_key`);