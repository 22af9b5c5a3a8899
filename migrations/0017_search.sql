CREATE TABLE `search_misses` (
	`day` text NOT NULL,
	`terms` text NOT NULL,
	`searches` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`day`, `terms`)
);
--> statement-breakpoint
ALTER TABLE `blogs` ADD `content_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: the shoppers' search (docs/decisions/031). Three full-text indexes, one per kind
-- of result, each filled from a view that says what a document is, and kept in step by triggers:
-- they run inside the statement that changes a product, a category or a tutorial, so a saved
-- product is found at once and an archived one is not, whatever path wrote it.
-- The articles' words without markup, for posts saved before the column existed: each tag cut out.
WITH RECURSIVE `strip`(`id`, `rest`, `done`) AS (
  SELECT `id`, `content`, '' FROM `blogs`
  UNION ALL
  SELECT `id`,
    CASE WHEN instr(`rest`, '<') = 0 OR instr(substr(`rest`, instr(`rest`, '<')), '>') = 0 THEN ''
      ELSE substr(`rest`, instr(`rest`, '<') + instr(substr(`rest`, instr(`rest`, '<')), '>')) END,
    `done` || ' ' || CASE WHEN instr(`rest`, '<') = 0 OR instr(substr(`rest`, instr(`rest`, '<')), '>') = 0 THEN `rest`
      ELSE substr(`rest`, 1, instr(`rest`, '<') - 1) END
  FROM `strip` WHERE `rest` <> ''
)
UPDATE `blogs` SET `content_text` = trim(replace(replace(replace(replace(replace(replace(
  (SELECT `done` FROM `strip` WHERE `strip`.`id` = `blogs`.`id` AND `strip`.`rest` = ''),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'));
--> statement-breakpoint
CREATE VIEW `product_search_source` AS
SELECT p.`id`, p.`category_id`, p.`name`, coalesce(c.`name`, '') AS `category`,
  p.`sku` || ' ' || coalesce((SELECT group_concat(`color`, ' ') FROM `product_colors` WHERE `product_id` = p.`id`), '')
    || ' ' || coalesce((SELECT group_concat(v.`value`, ' ') FROM `product_option_values` v
      JOIN `product_options` o ON o.`id` = v.`option_id` WHERE o.`product_id` = p.`id`), '') AS `keywords`,
  p.`short_description` AS `summary`, p.`description` AS `body`
FROM `products` p LEFT JOIN `categories` c ON c.`id` = p.`category_id`
WHERE p.`is_active` = 1;
--> statement-breakpoint
CREATE VIEW `category_search_source` AS
SELECT `id`, `name`, `description` FROM `categories` WHERE `is_active` = 1;
--> statement-breakpoint
CREATE VIEW `tutorial_search_source` AS
SELECT b.`id`, b.`title`,
  coalesce((SELECT group_concat(`tag`, ' ') FROM `blog_tags` WHERE `blog_id` = b.`id`), '')
    || ' ' || coalesce((SELECT group_concat(bc.`name`, ' ') FROM `blog_category_links` l
      JOIN `blog_categories` bc ON bc.`id` = l.`category_id` WHERE l.`blog_id` = b.`id`), '') AS `keywords`,
  b.`excerpt` AS `summary`, b.`content_text` AS `body`
FROM `blogs` b WHERE b.`status` = 'published';
--> statement-breakpoint
-- Word forms ("roses" finds "Rose"): the Porter stemmer over unicode61 (accents folded); prefix
-- indexes of 2 and 3 letters make the word being typed cheap to match.
CREATE VIRTUAL TABLE `product_search` USING fts5(`name`, `category`, `keywords`, `summary`, `body`, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `category_search` USING fts5(`name`, `description`, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `tutorial_search` USING fts5(`title`, `keywords`, `summary`, `body`, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
-- Typos ("lavendar"): every title cut in three-letter pieces; a misspelt word shares most of its
-- pieces with the word meant. rowid = id * 4 + kind (0 product, 1 category, 2 tutorial).
CREATE VIRTUAL TABLE `search_titles` USING fts5(`title`, tokenize = 'trigram');
--> statement-breakpoint
-- Ranking: bm25 with the title weighted most, then the category or tags, the summary, the body.
INSERT INTO `product_search` (`product_search`, `rank`) VALUES ('rank', 'bm25(10.0, 4.0, 3.0, 2.0, 1.0)');
--> statement-breakpoint
INSERT INTO `category_search` (`category_search`, `rank`) VALUES ('rank', 'bm25(10.0, 1.0)');
--> statement-breakpoint
INSERT INTO `tutorial_search` (`tutorial_search`, `rank`) VALUES ('rank', 'bm25(10.0, 4.0, 2.0, 1.0)');
--> statement-breakpoint
INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source`;
--> statement-breakpoint
INSERT INTO `category_search` (`rowid`, `name`, `description`) SELECT `id`, `name`, `description` FROM `category_search_source`;
--> statement-breakpoint
INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source`;
--> statement-breakpoint
INSERT INTO `search_titles` (`rowid`, `title`)
SELECT `id` * 4, `name` FROM `product_search_source`
UNION ALL SELECT `id` * 4 + 1, `name` FROM `category_search_source`
UNION ALL SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source`;
--> statement-breakpoint
CREATE TRIGGER `product_search_insert` AFTER INSERT ON `products`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_update` AFTER UPDATE ON `products`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`sku` IS NOT NEW.`sku` OR OLD.`short_description` IS NOT NEW.`short_description` OR OLD.`description` IS NOT NEW.`description` OR OLD.`category_id` IS NOT NEW.`category_id` OR OLD.`is_active` IS NOT NEW.`is_active`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_delete` AFTER DELETE ON `products`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = OLD.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`id` * 4;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_color_insert` AFTER INSERT ON `product_colors`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = NEW.`product_id`;
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = NEW.`product_id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`product_id` * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = NEW.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_color_delete` AFTER DELETE ON `product_colors`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = OLD.`product_id`;
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = OLD.`product_id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`product_id` * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = OLD.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_value_insert` AFTER INSERT ON `product_option_values`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
  DELETE FROM `search_titles` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`) * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_value_update` AFTER UPDATE OF `value` ON `product_option_values`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
  DELETE FROM `search_titles` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`) * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = NEW.`option_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_value_delete` AFTER DELETE ON `product_option_values`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = OLD.`option_id`);
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = OLD.`option_id`);
  DELETE FROM `search_titles` WHERE `rowid` = (SELECT `product_id` FROM `product_options` WHERE `id` = OLD.`option_id`) * 4;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4, `name` FROM `product_search_source` WHERE `id` = (SELECT `product_id` FROM `product_options` WHERE `id` = OLD.`option_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `category_search_insert` AFTER INSERT ON `categories`
BEGIN
  DELETE FROM `category_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `category_search` (`rowid`, `name`, `description`) SELECT `id`, `name`, `description` FROM `category_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4 + 1;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 1, `name` FROM `category_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `category_search_update` AFTER UPDATE ON `categories`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`description` IS NOT NEW.`description` OR OLD.`is_active` IS NOT NEW.`is_active`
BEGIN
  DELETE FROM `category_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `category_search` (`rowid`, `name`, `description`) SELECT `id`, `name`, `description` FROM `category_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4 + 1;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 1, `name` FROM `category_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `category_search_delete` AFTER DELETE ON `categories`
BEGIN
  DELETE FROM `category_search` WHERE `rowid` = OLD.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`id` * 4 + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_search_category_rename` AFTER UPDATE OF `name` ON `categories`
WHEN OLD.`name` IS NOT NEW.`name`
BEGIN
  DELETE FROM `product_search` WHERE `rowid` IN (SELECT `id` FROM `products` WHERE `category_id` = NEW.`id`);
  INSERT INTO `product_search` (`rowid`, `name`, `category`, `keywords`, `summary`, `body`)
  SELECT `id`, `name`, `category`, `keywords`, `summary`, `body` FROM `product_search_source` WHERE `category_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_insert` AFTER INSERT ON `blogs`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_update` AFTER UPDATE ON `blogs`
WHEN OLD.`title` IS NOT NEW.`title` OR OLD.`excerpt` IS NOT NEW.`excerpt` OR OLD.`content_text` IS NOT NEW.`content_text` OR OLD.`status` IS NOT NEW.`status`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = NEW.`id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = NEW.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_delete` AFTER DELETE ON `blogs`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = OLD.`id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`id` * 4 + 2;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_tag_insert` AFTER INSERT ON `blog_tags`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = NEW.`blog_id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = NEW.`blog_id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`blog_id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = NEW.`blog_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_tag_delete` AFTER DELETE ON `blog_tags`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = OLD.`blog_id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = OLD.`blog_id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`blog_id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = OLD.`blog_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_link_insert` AFTER INSERT ON `blog_category_links`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = NEW.`blog_id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = NEW.`blog_id`;
  DELETE FROM `search_titles` WHERE `rowid` = NEW.`blog_id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = NEW.`blog_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tutorial_search_link_delete` AFTER DELETE ON `blog_category_links`
BEGIN
  DELETE FROM `tutorial_search` WHERE `rowid` = OLD.`blog_id`;
  INSERT INTO `tutorial_search` (`rowid`, `title`, `keywords`, `summary`, `body`)
  SELECT `id`, `title`, `keywords`, `summary`, `body` FROM `tutorial_search_source` WHERE `id` = OLD.`blog_id`;
  DELETE FROM `search_titles` WHERE `rowid` = OLD.`blog_id` * 4 + 2;
  INSERT INTO `search_titles` (`rowid`, `title`) SELECT `id` * 4 + 2, `title` FROM `tutorial_search_source` WHERE `id` = OLD.`blog_id`;
END;
