CREATE TABLE `dev_mailbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`template` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`headers` text,
	`sent_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to_idx` ON `dev_mailbox` (`to_address`,`sent_at`);--> statement-breakpoint
CREATE INDEX `dev_mailbox_sent_idx` ON `dev_mailbox` (`sent_at`);
