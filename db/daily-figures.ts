/**
 * `npm run db:stats-rebuild`: the dashboard's daily figures filled anew from the orders and the
 * customers' accounts, for a shop whose table was never filled or is in doubt. The same statements
 * as the end of the migration that made the tables (a migration's SQL is frozen; these are the
 * command's). Run as one batch, so a reader sees the old figures or the new ones.
 */
export const REBUILD_DAILY_FIGURES: readonly string[] = [
  "DELETE FROM `daily_order_figures`",
  `INSERT INTO \`daily_order_figures\` (\`day\`, \`status\`, \`payment_status\`, \`orders\`, \`total_cents\`)
SELECT date(\`created_at\`, 'unixepoch'), \`status\`, \`payment_status\`, count(*), sum(\`total_cents\`) FROM \`orders\` GROUP BY 1, 2, 3`,
  "DELETE FROM `daily_customer_figures`",
  `INSERT INTO \`daily_customer_figures\` (\`day\`, \`customers\`)
SELECT date(u.\`created_at\`, 'unixepoch'), count(*) FROM \`users\` u
JOIN \`user_roles\` ur ON ur.\`user_id\` = u.\`id\` JOIN \`roles\` r ON r.\`id\` = ur.\`role_id\`
WHERE r.\`name\` = 'customer' GROUP BY 1`,
];
